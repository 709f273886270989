// The entry bundle-sucrase-eraser.sh bundles: type erasure only (no type check, no other transform).
import { transform } from "sucrase/dist/esm/index.js";
globalThis.eraseTypes = (source, filePath) =>
  transform(source, { transforms: ["typescript"], disableESTransforms: true, filePath }).code;

// Bundles the page for a browser: app.jsx, React and the SDK's useStream hook into dist/app.js.
import { build } from "esbuild";
import { copyFile, mkdir } from "node:fs/promises";

await mkdir("dist", { recursive: true });
await build({
  entryPoints: ["app.jsx"],
  bundle: true,
  format: "esm",
  jsx: "automatic",
  outfile: "dist/app.js",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
await copyFile("index.html", "dist/index.html");
console.log("usestream-chat: built");

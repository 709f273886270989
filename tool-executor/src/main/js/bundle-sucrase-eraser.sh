#!/usr/bin/env bash
# Rebuilds the TypeScript eraser run_code uses (src/main/resources/dev/threadline/executor/code/vendor/sucrase-eraser.js):
# sucrase's transform bundled into one script that defines globalThis.eraseTypes. It is checked in
# so that neither the build nor the executor needs Node.js; run this (Node 20, npm) to update it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/../resources/dev/threadline/executor/code/vendor"
work="$(mktemp -d)"
cp "$here/sucrase-eraser-entry.js" "$work/entry.js"
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund sucrase@3.35.1 esbuild@0.28.2 >/dev/null
npx esbuild entry.js --bundle --format=iife --platform=neutral --main-fields=module,main \
  --minify-syntax --legal-comments=inline --outfile="$out/sucrase-eraser.js"
cp node_modules/sucrase/LICENSE "$out/sucrase-LICENSE.txt"

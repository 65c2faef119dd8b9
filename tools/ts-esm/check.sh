#!/usr/bin/env bash
# Compiles gen/ts as an integrator's Node ESM project would take it: copied
# into a package with "type": "module" and checked by tsc under nodenext,
# where every relative import needs its .js extension (TS2835 otherwise).
# A client file beside it calls the API through the generated descriptors;
# errors.ts, also run by Node, reads the error details of a Connect error
# through the types gen/ts/index.ts exports.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp -r "$root/gen/ts" "$dir/gen"
cp "$root/tools/ts-esm/client.ts" "$root/tools/ts-esm/errors.ts" "$root/tools/ts-esm/tsconfig.json" "$dir/"
printf '{ "type": "module", "private": true }\n' >"$dir/package.json"
ln -s "$root/node_modules" "$dir/node_modules"
"$root/node_modules/.bin/tsc" -p "$dir" --noEmit false --outDir "$dir/out"
node "$dir/out/errors.js"

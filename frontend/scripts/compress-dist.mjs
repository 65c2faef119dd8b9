// Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of
// dist/assets, for shopd to send to browsers that accept them (issue 20):
// on a phone's slow network the app's JavaScript is a third of its size
// compressed, and compressing once at build time costs shopd nothing per
// request. Run by `npm run build` after `vite build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = "dist/assets";
// Below this, compressing saves less than a network round trip.
const minBytes = 1024;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const data = readFileSync(join(dir, name));
  if (data.length < minBytes) continue;
  writeFileSync(
    join(dir, `${name}.br`),
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  writeFileSync(join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
}

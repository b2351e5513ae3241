// After `remix build`: a brotli (.br) and a gzip (.gz) copy of every fingerprinted script and
// style sheet in public/build, made once at the strongest settings, so the server sends them as
// they are (express-static-gzip in server.ts) instead of compressing each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "public/build";
const COMPRESSIBLE = /\.(js|css|json|svg|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(ROOT)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`Compressed ${count} files in ${ROOT} (brotli and gzip).`);

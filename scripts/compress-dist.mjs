// Writes .br and .gz beside each compressible file of the web build, so the server sends the
// terminal's JavaScript compressed (887 KB raw, about 274 KB gzip) without compressing per request
// (@fastify/static `preCompressed` picks the variant the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let gzipped = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const gz = gzipSync(body, { level: 9 });
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.gz`, gz);
  writeFileSync(`${file}.br`, br);
  raw += body.length;
  gzipped += gz.length;
}
console.log(
  `compress-dist: ${(raw / 1024).toFixed(0)} KB -> ${(gzipped / 1024).toFixed(0)} KB gzip (.gz and .br written)`,
);

// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built app, once at build
// time, so the server sends them as they are (@fastify/static `preCompressed`) instead of the raw
// bytes: the first load of a phone on a slow network is about a third of what it was. Source maps
// are left alone (they are fetched only by developer tools).
//
//   node apps/web/scripts/compress.mjs [dist directory]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 512;

let count = 0;
let raw = 0;
let brotli = 0;
function walk(directory) {
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') walk(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
    raw += bytes.length;
    brotli += br.length;
  }
}
walk(dist);
console.log(
  `compressed ${count} files: ${(raw / 1000).toFixed(1)} kB raw, ${(brotli / 1000).toFixed(1)} kB as Brotli`,
);

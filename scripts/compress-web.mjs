#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app, once, at
// build time (run after `vite build`; see apps/web/package.json). The server sends them as they are
// (@fastify/static's preCompressed, apps/server/src/http/static-web.ts), picked by the browser's Accept-Encoding,
// so no request pays for compression and brotli can use its slowest, smallest setting.
// Usage: node scripts/compress-web.mjs [dist folder, default apps/web/dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
/** Text formats; images other than SVG and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let original = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A variant only where it is smaller: otherwise the plain file is what every browser gets.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  original += content.length;
  brotli += Math.min(br.length, content.length);
  count += 1;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compressed ${count} files in ${path.relative(root, dist) || dist}: ${kb(original)} → ${kb(brotli)} brotli`,
);

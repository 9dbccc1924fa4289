// After `vite build`: a brotli and a gzip copy next to every text asset of dist/, so the server sends them
// compressed without compressing on each request (@fastify/static `preCompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let raw = 0;
let brotli = 0;
for await (const file of files(dist)) {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
}
console.log(`precompressed dist: ${(raw / 1024).toFixed(0)} KB of text → ${(brotli / 1024).toFixed(0)} KB brotli`);

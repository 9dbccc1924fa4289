// Measures the JavaScript a browser downloads before `/` can render: the entry script plus every module
// index.html preloads (the home screen is in the entry chunk; other screens are lazy chunks, not counted).
// Usage: npm run build -w @tickline/web && npm run size -w @tickline/web
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 200 * 1024;
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

const scriptPaths = new Set<string>();
for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scriptPaths.add(match[1]!);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) scriptPaths.add(match[1]!);

let rawTotal = 0;
let gzipTotal = 0;
for (const scriptPath of scriptPaths) {
  const source = readFileSync(path.join(distDir, scriptPath.replace(/^\//, '')));
  const gzipped = gzipSync(source, { level: 9 }).length;
  rawTotal += source.length;
  gzipTotal += gzipped;
  console.log(
    `${scriptPath.padEnd(44)} ${(source.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(gzipped / 1024).toFixed(1).padStart(7)} KB`,
  );
}
const verdict = gzipTotal <= BUDGET_GZIP_BYTES ? 'within' : 'OVER';
console.log(
  `initial JS for /: ${(rawTotal / 1024).toFixed(1)} KB raw, ${(gzipTotal / 1024).toFixed(1)} KB gzip (${verdict} the ${BUDGET_GZIP_BYTES / 1024} KB budget)`,
);
if (gzipTotal > BUDGET_GZIP_BYTES) process.exit(1);

/**
 * Answer sizes and latencies of a running platform, for the compression decision (#28 item 10):
 *   npx tsx bench/http/compression.ts http://127.0.0.1:8080
 * Sizes are the bytes on the wire of /market/klines?limit=1500 per Accept-Encoding; latencies are sequential
 * requests on one keep-alive connection, as a browser sends them (Accept-Encoding: gzip, deflate, br).
 */
import http from 'node:http';
import { medianBy } from '../median.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(path: string, encoding: string): Promise<{ bytes: number; ms: number; contentEncoding: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/v1${path}`, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          bytes,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          contentEncoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function latency(path: string, runs: number): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 50; i += 1) await get(path, 'gzip, deflate, br'); // warm-up
  for (let i = 0; i < runs; i += 1) times.push((await get(path, 'gzip, deflate, br')).ms);
  times.sort((a, b) => a - b);
  const p90 = times[Math.floor(runs * 0.9)]!;
  return `${path}: median ${medianBy(times, (t) => t).toFixed(3)} ms, p90 ${p90.toFixed(3)} ms (${runs} requests)`;
}

const KLINES = '/market/klines?limit=1500';
for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
  const { bytes, ms, contentEncoding } = await get(KLINES, encoding);
  console.log(`${KLINES} Accept-Encoding ${encoding}: ${bytes} bytes as ${contentEncoding}, ${ms.toFixed(1)} ms`);
}
console.log(await latency('/server/serverTime', 2000));
console.log(await latency('/market/futures', 2000));
console.log(await latency(KLINES, 200));
agent.destroy();

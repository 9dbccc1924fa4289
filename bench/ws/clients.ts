/**
 * The benchmark's clients, in their own process so their CPU is not the server's: N websocket connections that
 * subscribe (when told) to depth and ticker as the seeds do, count what arrives in the measurement window and record the
 * delivery lag (receive time − the payload's `ts`). To keep the measuring side light (it shares two cores with the
 * server), each client is a raw TCP socket with a minimal RFC 6455 reader: it reads only the type and `ts` bytes.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const [host, portText, pathText, countText] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);
const CONNECT_BATCH = 200;
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
const EMPTY = Buffer.alloc(0);

let counting = false;
let received = 0;
let cpuAtStart = process.cpuUsage();
/** Milliseconds of lag, 0..5,000 (the last bucket holds everything later). */
const lagHistogram = new Uint32Array(5_001);
const TS_MARKER = Buffer.from('"ts":');
const DEPTH_PREFIX = Buffer.from('{"type":"depth"');
const TICKER_PREFIX = Buffer.from('{"type":"ticker"');

function startsWith(bytes: Buffer, start: number, prefix: Buffer): boolean {
  return bytes.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;
}

function onPayload(bytes: Buffer, start: number, end: number): void {
  if (!counting) return;
  if (!startsWith(bytes, start, DEPTH_PREFIX) && !startsWith(bytes, start, TICKER_PREFIX)) return;
  const at = bytes.indexOf(TS_MARKER, start);
  if (at < 0 || at >= end) return;
  let ts = 0;
  for (let i = at + TS_MARKER.length; i < end; i += 1) {
    const digit = bytes[i]! - 48;
    if (digit < 0 || digit > 9) break;
    ts = ts * 10 + digit;
  }
  received += 1;
  lagHistogram[Math.min(5_000, Math.max(0, Date.now() - ts))]! += 1;
}

/** A masked client frame (clients must mask, RFC 6455 §5.3). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const header = Buffer.from([0x80 | opcode, 0x80 | payload.length]);
  const masked = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i += 1) masked[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([header, mask, masked]);
}

function subscribeFrame(streamType: string): Buffer {
  return clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'subscribe', symbol: 'BTCUSDT', streamType })));
}

function openClient(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // Reads land in one shared buffer (no Buffer and no stream 'data' event per read): the measuring side stays light.
    const socket = connect({ port, host: host!, onread: { buffer: READ_BUFFER, callback: (n) => onChunk(n) } });
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.on('connect', () => {
      socket.write(
        `GET ${pathText} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    const onChunk = (bytesRead: number): boolean => {
      const chunk = READ_BUFFER.subarray(0, bytesRead);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = Buffer.from(pending);
          return true;
        }
        if (!pending.subarray(0, 12).toString().includes('101')) {
          reject(new Error('upgrade refused'));
          return true;
        }
        upgraded = true;
        pending = pending.subarray(end + 4);
        resolve(socket);
      }
      let offset = 0;
      while (pending.length - offset >= 2) {
        const opcode = pending[offset]! & 0x0f;
        let length = pending[offset + 1]! & 0x7f;
        let headerLength = 2;
        if (length === 126) {
          if (pending.length - offset < 4) break;
          length = pending.readUInt16BE(offset + 2);
          headerLength = 4;
        } else if (length === 127) {
          if (pending.length - offset < 10) break;
          length = Number(pending.readBigUInt64BE(offset + 2));
          headerLength = 10;
        }
        if (pending.length - offset < headerLength + length) break;
        const start = offset + headerLength;
        if (opcode === 0x1) onPayload(pending, start, start + length);
        else if (opcode === 0x9) socket.write(clientFrame(0xa, pending.subarray(start, start + length)));
        offset = start + length;
      }
      // A partial frame is copied out of the shared buffer before the next read overwrites it.
      pending = offset === pending.length ? EMPTY : Buffer.from(pending.subarray(offset));
      return true;
    };
  });
}

async function openWithRetry(): Promise<Socket> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openClient();
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

const sockets: Socket[] = [];
process.on('message', (message: { type: string }) => {
  if (message.type === 'subscribe') {
    // Everyone subscribes at once, after all connections are open: connecting stays cheap for both servers.
    for (const socket of sockets) socket.write(Buffer.concat([subscribeFrame('depth'), subscribeFrame('ticker')]));
  } else if (message.type === 'window-start') {
    cpuAtStart = process.cpuUsage();
    received = 0;
    lagHistogram.fill(0);
    counting = true;
  } else if (message.type === 'window-end') {
    counting = false;
    const cpu = process.cpuUsage(cpuAtStart);
    process.send!({
      type: 'window',
      received,
      lagHistogram: Array.from(lagHistogram),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});

for (let i = 0; i < count; i += CONNECT_BATCH) {
  const batch = Math.min(CONNECT_BATCH, count - i);
  sockets.push(...(await Promise.all(Array.from({ length: batch }, openWithRetry))));
}
process.send!({ type: 'connected', count: sockets.length });

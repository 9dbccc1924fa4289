/**
 * Writing a prebuilt frame to a plain TCP socket straight through its libuv handle, as Node's own `socket.write()`
 * ends up doing, without the stream machinery around it (a quarter to a third of the user-space CPU of each write,
 * measured on 2,500 loopback sockets).
 *
 * Only taken when it cannot reorder or lose anything: the socket is a plain TCP socket, nothing is queued in the
 * stream or in libuv, and the socket is not corked; otherwise `socket.write()`. A write libuv could not finish at once
 * stays queued in libuv (counted by `unsentBytes`, so slow clients are still seen) and later writes of either path
 * queue behind it in order (libuv queues a write behind unfinished ones). A failed write destroys the socket, as
 * `write()` does. Without the handle API (another Node version), everything goes through `write()`.
 */
import type { Duplex } from 'node:stream';

interface StreamHandle {
  writeQueueSize: number;
  writeBuffer(request: WriteRequest, data: Buffer): number;
}

interface WriteRequest {
  handle: StreamHandle;
  oncomplete: (this: WriteRequest, status: number) => void;
  async: boolean;
  bytes: number;
  /** Keeps the bytes alive while libuv holds them. */
  buffer: Buffer;
  socket: Duplex;
}

type WriteRequestClass = new () => WriteRequest;

const WriteWrap = loadWriteWrap();

function loadWriteWrap(): WriteRequestClass | null {
  try {
    const binding = (process as unknown as { binding(name: string): { WriteWrap?: unknown } }).binding('stream_wrap');
    return typeof binding.WriteWrap === 'function' ? (binding.WriteWrap as WriteRequestClass) : null;
  } catch {
    return null;
  }
}

function handleOf(socket: Duplex): StreamHandle | null {
  return (socket as unknown as { _handle?: StreamHandle | null })._handle ?? null;
}

/** Whether `writeFrame` may bypass the stream for this socket: a plain TCP socket (not TLS, not a test double). */
export function canWriteDirect(socket: Duplex): boolean {
  const handle = handleOf(socket);
  return WriteWrap !== null && handle !== null && handle.constructor.name === 'TCP';
}

/** Bytes not handed to the kernel yet: the stream's queue and libuv's. */
export function unsentBytes(socket: Duplex): number {
  return socket.writableLength + (handleOf(socket)?.writeQueueSize ?? 0);
}

function afterAsyncWrite(this: WriteRequest, status: number): void {
  if (status < 0) this.socket.destroy(new Error(`websocket write failed (${status})`));
}

/** Writes `frame` on `socket` in order with everything written before; `direct` from `canWriteDirect`. */
export function writeFrame(socket: Duplex, frame: Buffer, direct: boolean): void {
  const handle = direct ? handleOf(socket) : null;
  if (!handle || socket.writableLength !== 0 || socket.writableCorked !== 0 || handle.writeQueueSize !== 0) {
    socket.write(frame);
    return;
  }
  const request = new WriteWrap!();
  request.handle = handle;
  request.oncomplete = afterAsyncWrite;
  request.async = false;
  request.bytes = 0;
  request.buffer = frame;
  request.socket = socket;
  const status = handle.writeBuffer(request, frame);
  if (status !== 0) socket.destroy(new Error(`websocket write failed (${status})`));
}

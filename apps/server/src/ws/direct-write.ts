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
 *
 * Per write, in a fan-out to thousands of sockets: a write the kernel takes at once (nearly all of them) leaves the
 * request object untouched (Node only wraps it when the write has to wait in libuv), so one spare request serves every
 * such write instead of a new one each; and the direct writes still in libuv's queue are counted per socket, so
 * `unsentBytes` and `writeFrame` need not ask the handle for its queue size (a native call) while there are none.
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
  socket: TrackedSocket;
}

type WriteRequestClass = new () => WriteRequest;

interface StreamBinding {
  WriteWrap?: unknown;
  /** Node's shared write-result slots: after `writeBuffer`, whether the write waits in libuv. */
  streamBaseState?: Int32Array;
  kLastWriteWasAsync?: number;
}

/** Direct writes of a socket waiting in libuv's queue; present (0 or more) once `canWriteDirect` said yes. */
const pendingDirect = Symbol('pendingDirectWrites');

type TrackedSocket = Duplex & { [pendingDirect]?: number };

const binding = loadBinding();
const WriteWrap =
  typeof binding?.WriteWrap === 'function' &&
  binding.streamBaseState instanceof Int32Array &&
  typeof binding.kLastWriteWasAsync === 'number'
    ? (binding.WriteWrap as WriteRequestClass)
    : null;
const writeState = binding?.streamBaseState ?? new Int32Array(8);

/** The path frames take on this Node: `direct` through the handle, or `stream` (write()) when the API is missing. */
export const WRITE_PATH: 'direct' | 'stream' = WriteWrap === null ? 'stream' : 'direct';

/** Frames written by each path since start (`tickline_ws_frames_written_total`): a Node without the API shows no direct. */
const framesWritten = { direct: 0, stream: 0 };
export const framesWrittenByPath: Readonly<typeof framesWritten> = framesWritten;
const LAST_WRITE_WAS_ASYNC = binding?.kLastWriteWasAsync ?? 0;

/** A request object libuv does not hold: every write the kernel takes at once reuses it. */
let spareRequest: WriteRequest | null = null;

function loadBinding(): StreamBinding | null {
  try {
    return (process as unknown as { binding(name: string): StreamBinding }).binding('stream_wrap');
  } catch {
    return null;
  }
}

function handleOf(socket: Duplex): StreamHandle | null {
  return (socket as unknown as { _handle?: StreamHandle | null })._handle ?? null;
}

/**
 * Whether `writeFrame` may bypass the stream for this socket: a plain TCP socket (not TLS, not a test double). Asked
 * once per socket, before its first direct write: a yes starts counting the socket's direct writes held in libuv.
 */
export function canWriteDirect(socket: Duplex): boolean {
  const handle = handleOf(socket);
  const direct = WriteWrap !== null && handle !== null && handle.constructor.name === 'TCP';
  if (direct) (socket as TrackedSocket)[pendingDirect] ??= 0;
  return direct;
}

/**
 * Bytes not handed to the kernel yet: the stream's queue and libuv's. With nothing in the stream and no direct write
 * waiting, libuv's queue is empty (the stream counts its writes until libuv has finished them), so it is not asked.
 */
export function unsentBytes(socket: Duplex): number {
  const queued = socket.writableLength;
  if (queued === 0 && (socket as TrackedSocket)[pendingDirect] === 0) return 0;
  return queued + (handleOf(socket)?.writeQueueSize ?? 0);
}

function afterAsyncWrite(this: WriteRequest, status: number): void {
  this.socket[pendingDirect]! -= 1;
  if (status < 0) this.socket.destroy(new Error(`websocket write failed (${status})`));
}

/** Writes `frame` on `socket` in order with everything written before; `direct` from `canWriteDirect`. */
export function writeFrame(socket: Duplex, frame: Buffer, direct: boolean): void {
  const tracked = socket as TrackedSocket;
  const handle = direct ? handleOf(socket) : null;
  // Nothing may be waiting anywhere (stream, cork, libuv), or this write would overtake it.
  if (!handle || socket.writableLength !== 0 || socket.writableCorked !== 0 || tracked[pendingDirect] !== 0) {
    framesWritten.stream += 1;
    socket.write(frame);
    return;
  }
  framesWritten.direct += 1;
  const request = spareRequest ?? new WriteWrap!();
  spareRequest = null;
  const status = handle.writeBuffer(request, frame);
  if (status !== 0) {
    socket.destroy(new Error(`websocket write failed (${status})`));
    return;
  }
  if (writeState[LAST_WRITE_WAS_ASYNC] === 0) {
    // Written at once: the request was not used.
    spareRequest = request;
    return;
  }
  // The rest waits in libuv, which now holds this request; it completes later on the event loop.
  request.handle = handle;
  request.oncomplete = afterAsyncWrite;
  request.async = true;
  request.bytes = frame.length;
  request.buffer = frame;
  request.socket = tracked;
  tracked[pendingDirect] = tracked[pendingDirect]! + 1;
}

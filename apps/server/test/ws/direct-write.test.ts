import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canWriteDirect, framesWrittenByPath, unsentBytes, WRITE_PATH, writeFrame } from '../../src/ws/direct-write.ts';

/** The Node the platform supports (package.json engines); its handle API is what the fast path writes through. */
const SUPPORTED_NODE_MAJOR = 20;

describe('direct frame writes', () => {
  const cleanup: Array<() => void> = [];
  afterEach(() => {
    for (const close of cleanup.splice(0)) close();
  });

  async function pair(): Promise<{ sender: Socket; receiver: Socket }> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    const receiver = connect((server.address() as { port: number }).port, '127.0.0.1');
    const [sender] = await accepted;
    cleanup.push(() => {
      sender.destroy();
      receiver.destroy();
      server.close();
    });
    return { sender, receiver };
  }

  /** Resumes `receiver` and collects what arrives; `until(n)` waits until n bytes have come. */
  function collect(receiver: Socket) {
    const chunks: Buffer[] = [];
    let received = 0;
    receiver.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    receiver.resume();
    return {
      bytes: () => Buffer.concat(chunks),
      async until(length: number) {
        while (received < length) await new Promise((resolve) => setTimeout(resolve, 10));
      },
    };
  }

  it('keeps every byte in order across direct writes, a stalled receiver and stream writes', async () => {
    const { sender, receiver } = await pair();
    expect(canWriteDirect(sender)).toBe(true);
    receiver.pause();
    const frames: Buffer[] = [];
    // Enough to fill the kernel buffers: later writes queue in libuv (direct) or the stream (write()).
    for (let i = 0; i < 400; i += 1) {
      const frame = Buffer.alloc(16 * 1024, i % 251);
      frames.push(frame);
      if (i % 3 === 2) sender.write(frame);
      else writeFrame(sender, frame, true);
    }
    expect(unsentBytes(sender)).toBeGreaterThan(0);
    const expected = Buffer.concat(frames);
    const received = collect(receiver);
    await received.until(expected.length);
    expect(received.bytes().equals(expected)).toBe(true);
    expect(unsentBytes(sender)).toBe(0);
  });

  it('counts direct writes held in libuv until they finish, then writes directly again', async () => {
    const { sender, receiver } = await pair();
    expect(canWriteDirect(sender)).toBe(true);
    receiver.pause();
    const frames: Buffer[] = [];
    // Direct writes only: once the kernel buffers are full, one waits in libuv and the rest queue in the stream.
    for (let i = 0; i < 400 && unsentBytes(sender) === 0; i += 1) {
      const frame = Buffer.alloc(16 * 1024, i % 251);
      frames.push(frame);
      writeFrame(sender, frame, true);
    }
    // Held in libuv, not in the stream: only the count of waiting direct writes makes unsentBytes see it.
    expect(sender.writableLength).toBe(0);
    expect(unsentBytes(sender)).toBeGreaterThan(0);
    const more = Buffer.alloc(1000, 7);
    frames.push(more);
    writeFrame(sender, more, true);
    // Behind the waiting write: through the stream, in order.
    expect(sender.writableLength).toBe(more.length);
    const received = collect(receiver);
    const expectedLength = frames.reduce((sum, frame) => sum + frame.length, 0);
    await received.until(expectedLength);
    expect(unsentBytes(sender)).toBe(0);
    // Nothing waits any more: the next frame goes straight to the handle (not through the stream).
    const last = Buffer.from('last');
    frames.push(last);
    writeFrame(sender, last, true);
    expect(sender.writableLength).toBe(0);
    await received.until(expectedLength + last.length);
    expect(received.bytes().equals(Buffer.concat(frames))).toBe(true);
  });

  it(`serves frames through the direct path on Node ${SUPPORTED_NODE_MAJOR}`, async () => {
    const onSupportedNode = Number(process.versions.node.split('.')[0]) === SUPPORTED_NODE_MAJOR;
    // On another Node the fallback may serve; on the supported one, losing the fast path is a failure, not a shrug.
    if (onSupportedNode) expect(WRITE_PATH).toBe('direct');
    const { sender, receiver } = await pair();
    const before = { ...framesWrittenByPath };
    const direct = canWriteDirect(sender);
    expect(direct).toBe(WRITE_PATH === 'direct');
    writeFrame(sender, Buffer.from('fast'), direct);
    expect(framesWrittenByPath[WRITE_PATH]).toBe(before[WRITE_PATH] + 1);
    if (WRITE_PATH === 'direct') expect(sender.writableLength).toBe(0);
    const [chunk] = (await once(receiver, 'data')) as [Buffer];
    expect(chunk.toString()).toBe('fast');
  });

  it('goes through write() when the socket is corked', async () => {
    const { sender, receiver } = await pair();
    sender.cork();
    writeFrame(sender, Buffer.from('held'), true);
    expect(sender.writableLength).toBe(4);
    sender.uncork();
    const [chunk] = (await once(receiver, 'data')) as [Buffer];
    expect(chunk.toString()).toBe('held');
  });
});

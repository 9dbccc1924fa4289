import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canWriteDirect, unsentBytes, writeFrame } from '../../src/ws/direct-write.ts';

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
    const chunks: Buffer[] = [];
    let received = 0;
    receiver.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    receiver.resume();
    while (received < expected.length) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    expect(unsentBytes(sender)).toBe(0);
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

// Frames sent to one socket in one turn of the event loop go out as one write, in order, and nothing waits past the
// turn (#30, ws/raw-socket.ts); over a real loopback TCP connection.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnCork } from '../../src/ws/raw-socket.ts';

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const opened: net.Socket[] = [];
const servers: net.Server[] = [];

/** A connected pair: the server's socket (written to) and what its peer received, chunk by chunk. */
async function pair(): Promise<{ socket: net.Socket; chunks: string[]; received: (bytes: number) => Promise<void> }> {
  const chunks: string[] = [];
  let total = 0;
  const waiters: Array<{ bytes: number; resolve: () => void }> = [];
  let server!: net.Server;
  const accepted = new Promise<net.Socket>((resolve) => {
    server = net.createServer((socket) => resolve(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const peer = net.connect(port, '127.0.0.1');
  peer.setNoDelay(true);
  peer.on('data', (chunk: Buffer) => {
    chunks.push(chunk.toString());
    total += chunk.length;
    for (const waiter of waiters.filter((w) => total >= w.bytes)) waiter.resolve();
  });
  const socket = await accepted;
  socket.setNoDelay(true);
  opened.push(socket, peer);
  const received = (bytes: number) =>
    total >= bytes ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ bytes, resolve }));
  return { socket, chunks, received };
}

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

describe('TurnCork', () => {
  it("holds a socket's writes of one turn and lets them out together, in order, at the end of the turn", async () => {
    const { socket, chunks, received } = await pair();
    const cork = new TurnCork();
    for (const frame of ['answer;', 'order;', 'balance;']) {
      cork.hold(socket);
      socket.write(frame);
    }
    expect(socket.writableLength).toBe('answer;order;balance;'.length); // nothing written yet
    await endOfTurn();
    expect(socket.writableLength).toBe(0);
    await received(21);
    expect(chunks.join('')).toBe('answer;order;balance;');
    expect(chunks).toHaveLength(1); // one write: the peer read it at once

    // The next turn is held again, on its own.
    cork.hold(socket);
    socket.write('next;');
    expect(socket.writableLength).toBe(5);
    await endOfTurn();
    await received(26);
    expect(chunks.join('')).toBe('answer;order;balance;next;');
  });

  it('holds many sockets in one turn and releases each; a socket destroyed meanwhile is left alone', async () => {
    const first = await pair();
    const second = await pair();
    const cork = new TurnCork();
    cork.hold(first.socket);
    first.socket.write('one');
    cork.hold(second.socket);
    second.socket.write('two');
    second.socket.destroy();
    await endOfTurn();
    await first.received(3);
    expect(first.chunks.join('')).toBe('one');
    expect(second.socket.destroyed).toBe(true);
  });
});

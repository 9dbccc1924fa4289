/**
 * An answer sent before the request's body was read (413 for a body over the limit, or any parse failure): Fastify
 * marks it `Connection: close`, and Node then closes the socket right after the answer, while the client is still
 * sending; the unread bytes make the kernel reset the connection, and the client usually sees the reset instead of
 * the answer. Instead the connection stays open and the rest of the body is read and dropped, up to a bound, after
 * which (or after a while) the socket is closed anyway.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** Bytes read and dropped at most after the answer; a client sending more is cut off. */
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;
const MAX_DRAIN_MS = 30_000;

export function drainUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete || (!request.raw.headers['content-length'] && !request.raw.headers['transfer-encoding']))
      return;
    reply.removeHeader('connection');
    discardRest(request.raw);
  });
}

function discardRest(message: IncomingMessage): void {
  let discarded = 0;
  // `inject` (tests) gives a stand-in socket without destroy.
  const cutOff = () => message.socket?.destroy?.();
  const timer = setTimeout(cutOff, MAX_DRAIN_MS);
  timer.unref();
  message.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) cutOff();
  });
  message.once('end', () => clearTimeout(timer));
  message.once('close', () => clearTimeout(timer));
  message.resume();
}

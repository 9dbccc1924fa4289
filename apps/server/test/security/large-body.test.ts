/**
 * A body far over the limit gets the 413 envelope, not a connection reset: the client sends its whole body at once
 * (no `Expect: 100-continue`), and the server answers, reads and discards the rest, and only then may close.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x20);

/** Writes the request head and the whole body straight away; answers what came back, or the socket's error. */
function postAtOnce(path: string): Promise<{ received: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${TEN_MB.length}\r\n\r\n`,
      );
      socket.write(TEN_MB);
    });
    let received = '';
    let error: string | null = null;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      // The whole answer is in: done, whether or not the server keeps the connection.
      if (/\r\n\r\n\{.*\}$/s.test(received)) socket.end();
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
    socket.on('close', () => resolve({ received, error }));
  });
}

describe('a 10 MB body sent at once', () => {
  it.each(['/api/v1/auth/login', '/api/v1/server/serverTime'])(
    '%s: 413 with the envelope every time',
    async (path) => {
      for (let i = 0; i < 10; i++) {
        const { received, error } = await postAtOnce(path);
        expect({ error, status: received.split('\r\n')[0] }).toEqual({
          error: null,
          status: 'HTTP/1.1 413 Payload Too Large',
        });
        const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { code: number };
        expect(body.code).toBe(Errors.PAYLOAD_TOO_LARGE.code);
      }
    },
    120_000,
  );
});

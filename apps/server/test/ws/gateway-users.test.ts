import { describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { gatewayFixture, sleep, TestClient } from './helpers.ts';

// The gateway's user stream (authentication, events to one user's connections, numbered) and its servers.
describe('websocket gateway', () => {
  const { start, client, running } = gatewayFixture();

  describe('user stream', () => {
    const verifyToken = async (token: string) =>
      token.startsWith('good-') ? { userId: Number(token.slice(5)) } : null;

    it('authenticates with an injected verifier and delivers events only to that user', async () => {
      const { gateway } = await start({ verifyToken });
      const alice = await client();
      const aliceTab = await client();
      const bob = await client();
      alice.send({ type: 'auth', token: 'good-1' });
      aliceTab.send({ type: 'auth', token: 'good-1' });
      bob.send({ type: 'auth', token: 'good-2' });
      await Promise.all([alice.waitFor('auth'), aliceTab.waitFor('auth'), bob.waitFor('auth')]);
      expect(alice.of('auth')[0]).toEqual({ type: 'auth', v: 1, data: { userId: 1 } });
      expect(gateway.publishToUser(1, 'balance', { usdtm: 12.5 })).toBe(2);
      const [event] = await alice.waitFor('user');
      expect(event).toMatchObject({ type: 'user', v: 1, seq: 1, event: 'balance', data: { usdtm: 12.5 } });
      await aliceTab.waitFor('user');
      await sleep(50);
      expect(bob.of('user')).toHaveLength(0);
      expect(gateway.publishToUser(3, 'alarm', {})).toBe(0);
      alice.close();
      await alice.closed;
      await sleep(20);
      expect(gateway.publishToUser(1, 'order', { no: 5 })).toBe(1);
      // The user's events are numbered one by one, so a client can tell it missed one.
      expect((await aliceTab.waitFor('user', 2)).map((message) => message.seq)).toEqual([1, 2]);
    });

    it('answers an invalid token with the session code and a missing verifier with its own code', async () => {
      await start({ verifyToken });
      const c = await client();
      c.send({ type: 'auth', token: 'forged' });
      c.send({ type: 'auth' });
      const errors = await c.waitFor('error', 2);
      expect(errors.map((error) => error.code as number).sort((a, b) => a - b)).toEqual([
        Errors.WS_INVALID_MESSAGE.code,
        40000,
      ]);
      await running()!.close();
      await start();
      const d = await client();
      d.send({ type: 'auth', token: 'good-1' });
      expect((await d.waitFor('error'))[0]!.code).toBe(Errors.WS_AUTH_UNAVAILABLE.code);
    });
  });

  describe('servers', () => {
    it('leaves other upgrade paths alone and also serves a second port on any path', async () => {
      const { gateway } = await start();
      await expect(TestClient.connect(running()!.url.replace('/ws', '/other'))).rejects.toThrow(/404/);
      const second = await gateway.listen(0, '127.0.0.1');
      const address = second.address() as { port: number };
      const c = await client(`ws://127.0.0.1:${address.port}`);
      c.subscribe('depth');
      await c.waitFor('depth');
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { UserPresence } from '../../src/ws/user-registry.ts';
import { gatewayFixture, sleep } from './helpers.ts';

// A cluster's websocket node listens to a user's events only while the user has a stream there (#30): the gateway
// tells its presence when a user's streams open and close, and answers the auth only once the presence says the
// user's events reach the node, so none published after the answer is missed.

/** A presence whose joins resolve when the test says so, recording every join and leave. */
class HeldPresence implements UserPresence {
  readonly calls: string[] = [];
  private readonly waiting: Array<() => void> = [];

  join(userId: number): Promise<void> {
    this.calls.push(`join ${userId}`);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  leave(userId: number): void {
    this.calls.push(`leave ${userId}`);
  }

  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

const verifyToken = async (token: string) => (token.startsWith('good-') ? { userId: Number(token.slice(5)) } : null);

describe('websocket gateway presence', () => {
  const { start, client } = gatewayFixture();

  it('answers the auth and delivers the user events only once the presence has the user', async () => {
    const presence = new HeldPresence();
    const { gateway } = await start({ verifyToken, presence });
    const alice = await client();
    alice.send({ type: 'auth', token: 'good-1' });
    await sleep(50);
    expect(presence.calls).toEqual(['join 1']);
    expect(alice.of('auth')).toHaveLength(0);
    // Not yet a recipient: the node may not hear the user's events yet, and the stream has not been answered.
    expect(gateway.publishToUser(1, 'balance', { changed: true })).toBe(0);

    presence.release();
    expect((await alice.waitFor('auth'))[0]).toMatchObject({ data: { userId: 1 } });
    expect(gateway.publishToUser(1, 'balance', { changed: true })).toBe(1);
    expect((await alice.waitFor('user'))[0]).toMatchObject({ event: 'balance', seq: 1 });
  });

  it('joins once per stream and leaves once per stream, on sign-out by another token and on close', async () => {
    const presence = new HeldPresence();
    await start({ verifyToken, presence });
    const tab1 = await client();
    const tab2 = await client();
    tab1.send({ type: 'auth', token: 'good-1' });
    tab2.send({ type: 'auth', token: 'good-1' });
    await sleep(50);
    presence.release();
    await Promise.all([tab1.waitFor('auth'), tab2.waitFor('auth')]);
    // The second tab signs in as another user: it leaves the first.
    tab2.send({ type: 'auth', token: 'good-2' });
    await sleep(50);
    presence.release();
    await tab2.waitFor('auth', 2);
    tab1.close();
    tab2.close();
    await Promise.all([tab1.closed, tab2.closed]);
    await sleep(50);
    expect(presence.calls.slice(0, 4)).toEqual(['join 1', 'join 1', 'leave 1', 'join 2']);
    // The two closes, in whichever order the server saw them.
    expect(presence.calls.slice(4).sort()).toEqual(['leave 1', 'leave 2']);
  });

  it('never adds a connection that closed while the presence was still joining', async () => {
    const presence = new HeldPresence();
    const { gateway } = await start({ verifyToken, presence });
    const alice = await client();
    alice.send({ type: 'auth', token: 'good-1' });
    await sleep(50);
    alice.close();
    await alice.closed;
    await sleep(20);
    presence.release();
    await sleep(20);
    expect(presence.calls).toEqual(['join 1', 'leave 1']);
    expect(gateway.publishToUser(1, 'balance', { changed: true })).toBe(0);
  });
});

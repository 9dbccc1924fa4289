// Authentication from a cache (#30) keeps today's revocation bound: the request after a logout, a key's deletion or a
// role change is refused on every node; a read racing a revocation is not kept; a node that cannot hear revocations
// reads the database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthCache } from '../../src/app/accounts/auth-cache/auth-cache.ts';
import { buildApp } from '../../src/http/build-app.ts';
import { binanceSurface } from '../../src/fapi/plugin.ts';
import { joinAuthBarrier, type BarrierTiming } from '../../src/roles/auth-barrier.ts';
import { InProcessBus } from '../../src/services/bus/in-process-bus.ts';
import { SUBJECTS, type Bus } from '../../src/services/bus/bus.ts';
import {
  createTestApp,
  get,
  post,
  promoteToOperator,
  registerAndLogin,
  testSecrets,
  type TestApp,
} from '../helpers/test-app.ts';
import { createKey, signedInject } from '../programs/signed-client.ts';

// A lease long enough for a loaded test machine (a lapse only makes the cache read through, and fail the hit check).
const TIMING: BarrierTiming = { aliveEveryMs: 50, leaseMs: 2_000, ackTimeoutMs: 2_500 };
const balance = { method: 'GET', path: '/api/v1/user/balance' } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += TIMING.aliveEveryMs) {
    if (waited > 10_000) throw new Error('not within 10 s');
    await sleep(TIMING.aliveEveryMs);
  }
}

/** A bus whose delivery can be cut, as a node losing its NATS connection would see it, or lose revocations. */
class CuttableBus extends InProcessBus {
  cut = false;
  /** Revocation messages still to lose, as a message dropped on the way would be. */
  revocationsToLose = 0;
  override publish(subject: string, data: Uint8Array): void {
    if (subject === SUBJECTS.authRevoked && this.revocationsToLose > 0) return void (this.revocationsToLose -= 1);
    if (!this.cut) super.publish(subject, data);
  }
}
const warnings: string[] = [];

let t: TestApp;
let nodeB: FastifyInstance;
const bus = new CuttableBus();
const stops: Array<() => void> = [];

/** Queries of the session and key tables this node made (the cache's misses). */
function countAuthReads(pool: TestApp['pool']): { reads: number; stop: () => void } {
  const counter = { reads: 0, stop: () => undefined as void };
  const original = pool.query.bind(pool);
  const patched = ((...args: Parameters<typeof pool.query>) => {
    const text = typeof args[0] === 'string' ? args[0] : '';
    if (/FROM sessions s JOIN users|FROM api_keys k JOIN users/.test(text)) counter.reads += 1;
    return (original as (...a: unknown[]) => unknown)(...args);
  }) as typeof pool.query;
  pool.query = patched;
  counter.stop = () => void (pool.query = original);
  return counter;
}

beforeAll(async () => {
  t = await createTestApp();
  // A second API node on the same database and engine, as a cluster's second `api` role.
  nodeB = await buildApp({
    config: t.config,
    pool: t.pool,
    secrets: testSecrets(),
    clock: t.clock,
    logger: false,
    services: { trading: t.trading },
    webDistDir: null,
    surfaces: [binanceSurface],
  });
  for (const app of [t.app, nodeB])
    stops.push(
      joinAuthBarrier(bus as Bus, app.context.sessionRevocations, {
        timing: TIMING,
        warn: (line) => void warnings.push(line),
      }).stop,
    );
  // Both leases taken and each node has seen the other.
  await until(() => [t.app, nodeB].every((app) => app.context.sessionRevocations.cache.usable()));
  await sleep(TIMING.aliveEveryMs * 3);
}, 60_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await nodeB?.close();
  await t?.close();
});

describe('authentication cache across nodes', () => {
  it('serves a session from the cache, and the request after a logout on node A is refused on node B', async () => {
    const alice = await registerAndLogin(t.app);
    const reads = countAuthReads(t.pool);
    try {
      expect((await get(nodeB, '/user/balance', alice.accessToken)).body.code).toBe(0);
      const after = reads.reads;
      expect((await get(nodeB, '/user/balance', alice.accessToken)).body.code).toBe(0);
      expect(reads.reads).toBe(after); // the second request read no session
    } finally {
      reads.stop();
    }
    expect((await post(t.app, '/auth/logout', undefined, alice.accessToken)).body.code).toBe(0);
    expect((await get(nodeB, '/user/balance', alice.accessToken)).body.code).toBe(40000);
    expect((await get(t.app, '/user/balance', alice.accessToken)).body.code).toBe(40000);
  });

  it("refuses a deleted key's next signed request on the other node", async () => {
    const bob = await registerAndLogin(t.app);
    const key = await createKey(t.app, bob.accessToken);
    expect((await signedInject(nodeB, t.clock, key, balance)).body.code).toBe(0);
    expect((await signedInject(nodeB, t.clock, key, balance)).body.code).toBe(0);
    const deleted = await post(t.app, '/user/apiKeys/delete', { apiKey: key.apiKey }, bob.accessToken);
    expect(deleted.body.code).toBe(0);
    expect((await signedInject(nodeB, t.clock, key, balance)).body.code).not.toBe(0);
  });

  it('refuses sessions ended by an operator on node A at once on node B', async () => {
    const carol = await registerAndLogin(t.app);
    const desk = await registerAndLogin(t.app);
    await promoteToOperator(t, { id: desk.userId });
    expect((await get(nodeB, '/user/balance', carol.accessToken)).body.code).toBe(0);
    const revoked = await post(t.app, '/admin/users/revoke-sessions', { userNo: carol.userId }, desk.accessToken);
    expect(revoked.body).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect((await get(nodeB, '/user/balance', carol.accessToken)).body.code).toBe(40000);
  });

  it('sends a revocation again to a node that did not acknowledge it, and answers once that node has', async () => {
    const erin = await registerAndLogin(t.app);
    expect((await get(nodeB, '/user/balance', erin.accessToken)).body.code).toBe(0);
    warnings.length = 0;
    // The logout's revocation and its first re-sending are lost on the way to node B; B's heartbeats still arrive,
    // so B keeps its lease and its cached session: only the re-sent message can reach it.
    bus.revocationsToLose = 2;
    expect((await post(t.app, '/auth/logout', undefined, erin.accessToken)).body.code).toBe(0);
    expect(bus.revocationsToLose).toBe(0);
    expect(nodeB.context.sessionRevocations.cache.usable()).toBe(true);
    expect((await get(nodeB, '/user/balance', erin.accessToken)).body.code).toBe(40000);
    expect(warnings).toEqual([]); // acknowledged, not timed out
  });

  it('a node cut from the bus stops using its cache within the lease, and forgets it when back', async () => {
    const dave = await registerAndLogin(t.app);
    expect((await get(nodeB, '/user/balance', dave.accessToken)).body.code).toBe(0);
    expect(nodeB.context.sessionRevocations.cache.usable()).toBe(true);
    bus.cut = true;
    try {
      await sleep(TIMING.leaseMs + TIMING.aliveEveryMs);
      expect(nodeB.context.sessionRevocations.cache.usable()).toBe(false);
      expect(nodeB.context.sessionRevocations.cache.size).toBe(0);
      // Revoked while the bus is down (node A cannot reach B): B reads the database and refuses.
      await t.pool.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [dave.userId]);
      expect((await get(nodeB, '/user/balance', dave.accessToken)).body.code).toBe(40000);
    } finally {
      bus.cut = false;
    }
    await until(() => nodeB.context.sessionRevocations.cache.usable());
  });
});

describe('AuthCache', () => {
  const session = (userId: number) => ({ value: { userId } as never, userId });

  it('does not keep a read that a revocation overtook, and keeps the next one', async () => {
    const cache = new AuthCache(60_000, () => 0);
    let release!: () => void;
    const slowRead = cache.session('s1', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return session(7);
    });
    cache.invalidate({ sessionIds: ['s1'], userIds: [] }); // committed and announced while the read was in flight
    release();
    await slowRead;
    expect(cache.size).toBe(0);
    await cache.session('s1', async () => session(7));
    expect(cache.size).toBe(1);
  });

  it("drops a user's sessions and keys on a user change, a key by its session id, and lapses entries after the TTL", async () => {
    let now = 0;
    const cache = new AuthCache(1_000, () => now);
    await cache.session('s1', async () => session(7));
    await cache.session('s2', async () => session(8));
    await cache.key('k1', async () => ({ value: {} as never, userId: 7, keyId: 11 }));
    await cache.key('k2', async () => ({ value: {} as never, userId: 8, keyId: 12 }));
    cache.invalidate({ sessionIds: [], userIds: [7] });
    expect(cache.size).toBe(2);
    cache.invalidate({ sessionIds: ['api-key:12'], userIds: [] });
    expect(cache.size).toBe(1);
    let reads = 0;
    const load = async () => ((reads += 1), session(8));
    await cache.session('s2', load);
    expect(reads).toBe(0);
    now = 1_000;
    await cache.session('s2', load);
    expect(reads).toBe(1);
  });

  it('reads through and keeps nothing when not usable (TTL 0, or a lapsed lease)', async () => {
    const off = new AuthCache(0, () => 0);
    await off.session('s1', async () => session(1));
    expect(off.size).toBe(0);
    const guarded = new AuthCache(60_000, () => 0);
    guarded.guard(() => false);
    await guarded.session('s1', async () => session(1));
    expect(guarded.size).toBe(0);
  });
});

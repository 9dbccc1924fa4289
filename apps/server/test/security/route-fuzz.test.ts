/**
 * Route fuzz suite (#27): every route the app registers gets generated hostile bodies, query strings and path
 * segments (helpers/hostile-input.ts), anonymously, as a funded member and as an operator. No answer may be a 5xx, and
 * no route may change money or account state on them (checked after each route). Bounded: a fixed number of inputs
 * per route and identity, under a minute on the shared CI host. FUZZ_SEED=<n> replays a run.
 *
 * The routes come from an onRoute hook on the built app; when the route table with a zod schema per route lands,
 * pass each route's body and query schema to hostileBody / hostileQuery (they fall back to generic field names).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { fieldSweep, hostileBody, hostileQuery, hostileSegment } from '../helpers/hostile-input.ts';
import { createTestApp, loginAs, registerAndLogin } from '../helpers/test-app.ts';
import { TestLedger } from '../wallet/helpers/test-ledger.ts';
import { createWalletTestApp, type WalletTestApp } from '../wallet/helpers/wallet-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Random inputs per route for the identity it is for (beside one sweep of every field). */
const RUNS = 6;
const USDT = 1_000_000;

interface Route {
  method: string;
  url: string;
}

let t: WalletTestApp;
const routes: Route[] = [];
const identities: Record<'anonymous' | 'member' | 'operator', { userid: string; token: string } | null> = {
  anonymous: null,
  member: null,
  operator: null,
};

beforeAll(async () => {
  // The wallet on a real chain too, so its routes are tried rather than answering "busy" without one.
  const testApp = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  t = await createWalletTestApp({ base: { testApp, ledger: new TestLedger() } });
  const member = await registerAndLogin(t.app);
  await t.pool.query('UPDATE users SET approve_status = 1 WHERE id = $1', [member.userId]);
  await t.trading.fundDemoUser(member.userId, 10_000 * USDT);
  identities.member = { userid: member.userid, token: (await loginAs(t.app, member.userid)).accessToken };
  const operator = await registerAndLogin(t.app);
  await t.pool.query("UPDATE users SET role = 'operator', approve_status = 1 WHERE id = $1", [operator.userId]);
  identities.operator = { userid: operator.userid, token: (await loginAs(t.app, operator.userid)).accessToken };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Money and account state a hostile input must never change: one cheap query. */
async function stateDigest(): Promise<string> {
  const { rows } = await t.pool.query(`SELECT
    (SELECT count(*) FROM ledger_postings) AS postings,
    (SELECT md5(string_agg(b::text, ',' ORDER BY user_id)) FROM user_balances b) AS balances,
    (SELECT count(*) FROM orders) AS orders,
    (SELECT count(*) FROM positions) AS positions,
    (SELECT count(*) FROM option_orders) AS bets,
    (SELECT count(*) FROM wallet_transfers) AS transfers,
    (SELECT count(*) FROM withdrawals) AS withdrawals,
    (SELECT count(*) FROM partner_settlement_withdrawals) AS settlement_applications,
    (SELECT count(*) FROM user_leverage) AS leverage,
    (SELECT count(*) FROM withdrawal_whitelist) AS whitelist,
    (SELECT count(*) FROM users) AS users,
    (SELECT string_agg(concat_ws(':', id, role, level, approve_status, fee_rate_bps, totp_secret IS NULL,
       whitelist_enabled, trading_frozen_at IS NULL, withdrawals_frozen_at IS NULL, password_hash), ',' ORDER BY id)
     FROM users) AS accounts`);
  return JSON.stringify(rows[0]);
}

/** The route's URL with each `:param` (and a wildcard) replaced by a hostile segment. */
function concreteUrl(url: string, segment: string): string {
  return url.replace(/:[A-Za-z]+/g, segment).replace(/\*$/, segment);
}

/** A session a route ended (logout) is opened again, so later routes are still tried signed in. */
async function keepSignedIn(): Promise<void> {
  for (const name of ['member', 'operator'] as const) {
    const identity = identities[name]!;
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/info',
      headers: { authorization: `Bearer ${identity.token}` },
    });
    if (answer.json<{ code: number }>().code !== 0)
      identity.token = (await loginAs(t.app, identity.userid)).accessToken;
  }
}

/** What one route is sent, by whom: the sweep by the identity the route is for, random inputs by all three. */
function plan(route: Route, seed: number): Array<{ identity: keyof typeof identities; body: unknown; query: string }> {
  const owner: keyof typeof identities = route.url.startsWith('/api/v1/admin') ? 'operator' : 'member';
  const random = (identity: keyof typeof identities, runs: number, runSeed: number) =>
    fc
      .sample(fc.record({ body: hostileBody(), query: hostileQuery() }), { numRuns: runs, seed: runSeed })
      .map((sample) => ({ identity, ...sample }));
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  // A GET route's sweep goes in the query string, the others' in the body.
  const sweep = fieldSweep(undefined, seed).map((fields) => ({
    identity: owner,
    body: hasBody ? fields : undefined,
    query: hasBody
      ? ''
      : Object.entries(fields)
          .map(
            ([name, value]) =>
              `${name}=${encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
          )
          .join('&'),
  }));
  return [
    ...sweep,
    ...random(owner, RUNS, seed + 1),
    ...random('anonymous', 1, seed + 2),
    ...random(owner === 'member' ? 'operator' : 'member', 1, seed + 3),
  ];
}

describe('every route, hostile input', () => {
  it('never answers 5xx and never changes money or account state', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const seen = new Set<string>();
    const byRoute = [...new Map(routes.map((route) => [`${route.method} ${route.url}`, route])).values()];
    const segments = fc.sample(hostileSegment, { numRuns: byRoute.length, seed: SEED });
    for (const [index, route] of byRoute.entries()) {
      const before = await stateDigest();
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const path = concreteUrl(route.url, segments[index]!);
      for (const { identity: name, body, query } of plan(route, SEED + index * 10)) {
        const identity = identities[name];
        const url = query === '' ? path : `${path}?${query}`;
        const answer = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(identity ? { authorization: `Bearer ${identity.token}` } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
        });
        const key = `${route.method} ${route.url} ${name} ${answer.statusCode}`;
        if (answer.statusCode >= 500 && !seen.has(key) && seen.add(key))
          failures.push(
            `${route.method} ${route.url} as ${name}: ${answer.statusCode} ${answer.body.slice(0, 200)} ` +
              `for ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300)}`,
          );
      }
      const after = await stateDigest();
      if (after !== before) failures.push(`${route.method} ${route.url} changed state: ${before} → ${after}`);
      await keepSignedIn();
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);
});

/**
 * Route fuzz suite (#27): every route the app registers gets generated hostile bodies, query strings and path
 * segments (helpers/hostile-input.ts), anonymously, as a funded member and as an operator. No answer may be a 5xx, and
 * no route may change money or account state on them (checked after each route). Bounded: a fixed number of inputs
 * per route and identity, under a minute on the shared CI host. FUZZ_SEED=<n> replays a run.
 *
 * The routes come from an onRoute hook on the built app. Each one of /api/v1 is found in the route table
 * (@tickline/protocol/routes, by method and path) and its inputs are made from the table's own `body` and `query`
 * schemas: the sweep goes over the fields they name, the random inputs put hostile values in those fields. A table
 * route whose schema names no field (a body read whole, like distributePercent's `z.unknown()`) or that declares no
 * body or query still gets random inputs, with the API's usual field names. The suite fails unless every route of the
 * table was fuzzed, so a new route cannot escape it.
 *
 * Outside the table, fuzzed with the API's usual field names (the generic fallback): the OpenAPI document
 * (GET /api/v1/openapi.json), its reference page (GET /api/docs and its three assets) and the coin logos
 * (GET /coin-icons/:file); the web client's GET /* is not built in tests (OUTSIDE_THE_TABLE below, and in
 * http/route-table.test.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ROUTE_LIST, type RouteDefinition } from '@tickline/protocol/routes';
import { fapiRouteList } from '../../src/fapi/plugin.ts';
import { fieldSweep, hostileBody, hostileQuery, hostileSegment } from '../helpers/hostile-input.ts';
import { createTestApp, loginAs, registerAndLogin, promoteToOperator } from '../helpers/test-app.ts';
import { TestLedger } from '../wallet/helpers/test-ledger.ts';
import { createWalletTestApp, type WalletTestApp } from '../wallet/helpers/wallet-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Random inputs per route for the identity it is for (beside one sweep of every field its schemas name). */
const RUNS = 12;
const USDT = 1_000_000;
/** The routes fuzzed with the generic fallback (see the header). */
const OUTSIDE_THE_TABLE = [
  'GET /api/docs',
  'GET /api/docs/start.js',
  'GET /api/docs/swagger-ui-bundle.js',
  'GET /api/docs/swagger-ui.css',
  'GET /api/v1/openapi.json',
  'GET /coin-icons/:file',
  // The Binance-compatible adapter (#31): its own routes and schemas (src/fapi/).
  ...fapiRouteList().map((route) => `${route.method} ${route.path}`),
].sort();

interface Route {
  method: string;
  url: string;
}

/** The route table by the method and URL the app registers (the table's paths are below /api/v1). */
const TABLE = new Map<string, RouteDefinition>(
  ROUTE_LIST.map((entry) => [`${entry.method} /api/v1${entry.path}`, entry]),
);

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
  await promoteToOperator(t, { id: operator.userId });
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

/** A query string (without the `?`) of these fields, each as text. */
function queryOf(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(
      ([name, value]) =>
        `${name}=${encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
    )
    .join('&');
}

/**
 * One input per field of the route's schemas: a body schema's fields in the body, a query schema's in the query
 * string. A route outside the table sweeps the API's usual names, in the query string of a GET and the body otherwise.
 */
function sweep(
  route: Route,
  entry: RouteDefinition | undefined,
  seed: number,
): Array<{ body: unknown; query: string }> {
  if (!entry) {
    const fields = fieldSweep(undefined, seed);
    return hasBody(route)
      ? fields.map((body) => ({ body, query: '' }))
      : fields.map((query) => ({ body: undefined, query: queryOf(query) }));
  }
  return [
    ...(entry.body ? fieldSweep(entry.body, seed).map((body) => ({ body, query: '' })) : []),
    ...(entry.query ? fieldSweep(entry.query, seed).map((query) => ({ body: undefined, query: queryOf(query) })) : []),
  ];
}

function hasBody(route: Route): boolean {
  return route.method !== 'GET' && route.method !== 'DELETE';
}

/** What one route is sent, by whom: the sweep by the identity the route is for, random inputs by all three. */
function plan(
  route: Route,
  entry: RouteDefinition | undefined,
  seed: number,
): Array<{ identity: keyof typeof identities; body: unknown; query: string }> {
  const owner: keyof typeof identities = route.url.startsWith('/api/v1/admin') ? 'operator' : 'member';
  const inputs = fc.record({ body: hostileBody(entry?.body), query: hostileQuery(entry?.query) });
  const random = (identity: keyof typeof identities, runs: number, runSeed: number) =>
    fc.sample(inputs, { numRuns: runs, seed: runSeed }).map((sample) => ({ identity, ...sample }));
  return [
    ...sweep(route, entry, seed).map((input) => ({ identity: owner, ...input })),
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
    const fuzzed = new Set<string>();
    const byRoute = [...new Map(routes.map((route) => [`${route.method} ${route.url}`, route])).values()];
    const segments = fc.sample(hostileSegment, { numRuns: byRoute.length, seed: SEED });
    for (const [index, route] of byRoute.entries()) {
      const before = await stateDigest();
      const key = `${route.method} ${route.url}`;
      const entry = TABLE.get(key);
      const withBody = hasBody(route);
      const path = concreteUrl(route.url, segments[index]!);
      for (const { identity: name, body, query } of plan(route, entry, SEED + index * 10)) {
        const identity = identities[name];
        const url = query === '' ? path : `${path}?${query}`;
        const answer = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(identity ? { authorization: `Bearer ${identity.token}` } : {}),
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(withBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
        });
        const failure = `${key} ${name} ${answer.statusCode}`;
        if (answer.statusCode >= 500 && !seen.has(failure) && seen.add(failure))
          failures.push(
            `${route.method} ${route.url} as ${name}: ${answer.statusCode} ${answer.body.slice(0, 200)} ` +
              `for ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300)}`,
          );
      }
      const after = await stateDigest();
      if (after !== before) failures.push(`${route.method} ${route.url} changed state: ${before} → ${after}`);
      await keepSignedIn();
      fuzzed.add(key);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    // Every route of the table was registered and fuzzed with its own schemas; the rest is the fallback listed above.
    expect([...TABLE.keys()].filter((route) => !fuzzed.has(route))).toEqual([]);
    expect([...fuzzed].filter((route) => !TABLE.has(route)).sort()).toEqual(OUTSIDE_THE_TABLE);
  }, 120_000);
});

// The curl example of docs/trading-api.md, run as written against the platform listening on loopback.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Envelope } from '@tickline/protocol';
import { createTestClock, registerAndLogin } from '../helpers/test-app.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';
import { createKey } from './signed-client.ts';

const USDT = 1_000_000;
const guide = readFileSync(new URL('../../../../docs/trading-api.md', import.meta.url), 'utf8');
const script = /```sh\n([\s\S]*?)```/.exec(guide)![1]!;

let t: TradingTestApp;
let userId: number;
let guideEnv: Record<string, string>;
beforeAll(async () => {
  // The script stamps requests with the machine's clock (date), so the platform's clock starts at it.
  t = await createTradingTestApp({ clock: createTestClock(Date.now()) });
  const alice = await registerAndLogin(t.app);
  userId = alice.userId;
  await t.trading.fundDemoUser(alice.userId, 10_000 * USDT);
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 })).ok).toBe(true);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/updateLeverage',
    headers: { authorization: `Bearer ${alice.accessToken}` },
    payload: { leverage: 10 },
  });
  const key = await createKey(t.app, alice.accessToken, { permissions: ['read', 'trade'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  guideEnv = { GUIDE_KEY: key.apiKey, GUIDE_SECRET: key.secret, GUIDE_BASE: `http://127.0.0.1:${port}` };
});
afterAll(async () => {
  await t?.close();
});

it("docs/trading-api.md's curl and openssl example lists orders and places one, signed", async () => {
  const runnable = script
    .replace(/^KEY=.*$/m, 'KEY=$GUIDE_KEY; SECRET=$GUIDE_SECRET; BASE=$GUIDE_BASE')
    .replace(/^curl /gm, 'echo; curl ');
  expect(runnable).not.toBe(script);
  // The clock only moves by hand in tests: keep it at the machine's time for the script's timestamps.
  t.clock.set(Date.now());
  const { stdout } = await promisify(execFile)('bash', ['-euc', runnable], {
    env: { ...process.env, ...guideEnv },
    timeout: 20_000,
  });
  const answers = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Envelope);
  expect(answers).toEqual([
    { code: 0, message: 'Success', data: { orders: [] } },
    { code: 0, message: 'Order successfully completed.', data: { no: expect.any(Number) } },
  ]);
  const stored = await t.pool.query('SELECT client_order_id FROM orders WHERE user_id = $1', [userId]);
  expect(stored.rows).toEqual([{ client_order_id: 'mm-1' }]);
});

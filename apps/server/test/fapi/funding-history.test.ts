// The market's funding-rate history: the native GET /market/fundingRate and Binance's /fapi/v1/fundingRate (ccxt's
// fetchFundingRateHistory) answer the settlements the engine committed, with the same rates and marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingRateRow } from '@tickline/protocol';
import { get } from '../helpers/test-app.ts';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

let p: Platform;
let client: ReturnType<typeof ccxtClient>;
const SYMBOL = 'BTC/USDT:USDT';
const RATES_PPM = [100, -30, 0];

beforeAll(async () => {
  p = await startPlatform();
  client = ccxtClient(p, (await fundedTrader(p)).key);
  for (const fundingRatePpm of RATES_PPM) {
    expect(await p.t.sequencer.submit({ type: 'settleFunding', fundingRatePpm })).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 5)); // one settlement per millisecond, as the clock's are
  }
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('funding-rate history', () => {
  it('answers every settlement natively, oldest first, as fractions at the mark', async () => {
    const answer = await get<FundingRateRow[]>(p.t.app, '/market/fundingRate');
    const rows = answer.body.data!;
    expect(rows.map((row) => row.fundingRate)).toEqual([0.0001, -0.00003, 0]);
    expect(rows.every((row) => row.symbol === 'BTCUSDT' && row.markPrice === p.price / 100)).toBe(true);
    expect(rows.map((row) => row.fundingTime)).toEqual([...rows.map((row) => row.fundingTime)].sort((a, b) => a - b));
    const newest = await get<FundingRateRow[]>(p.t.app, '/market/fundingRate?limit=1');
    expect(newest.body.data).toEqual([rows[2]]);
    const fromStart = await get<FundingRateRow[]>(p.t.app, `/market/fundingRate?startTime=0&limit=2`);
    expect(fromStart.body.data).toEqual(rows.slice(0, 2));
  });

  it('refuses a bad window, limit or symbol with the market codes', async () => {
    const code = async (query: string) => (await get(p.t.app, `/market/fundingRate?${query}`)).body.code;
    expect(await code('startTime=20&endTime=10')).toBe(7005);
    expect(await code('startTime=yesterday')).toBe(7005);
    expect(await code('limit=0')).toBe(7003);
    expect(await code('limit=1001')).toBe(7003);
    expect(await code('symbol=DOGEUSDT')).toBe(7001);
  });

  it('is what ccxt fetchFundingRateHistory reads', async () => {
    const native = (await get<FundingRateRow[]>(p.t.app, '/market/fundingRate')).body.data!;
    const history = await client.exchange.fetchFundingRateHistory(SYMBOL);
    expect(history.map((entry) => [entry.timestamp, entry.fundingRate])).toEqual(
      native.map((row) => [row.fundingTime, row.fundingRate]),
    );
    const since = await client.exchange.fetchFundingRateHistory(SYMBOL, native[1]!.fundingTime, 1);
    expect(since.map((entry) => entry.fundingRate)).toEqual([native[1]!.fundingRate]);
  });
});

/**
 * /fapi/v1/leverageBracket lists each market's brackets (#34): the same table the engine and /market/leverageBrackets
 * read, per market, through the real ccxt client (fetchLeverageTiers) and the raw call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { bracketRows } from '@tickline/engine';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

let p: Platform;
let client: ReturnType<typeof ccxtClient>;

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  client = ccxtClient(p, (await fundedTrader(p)).key);
  await client.exchange.loadMarkets();
}, 60_000);

afterAll(async () => {
  for (const url of client?.sent ?? []) expect(url.startsWith(p.base)).toBe(true);
  await p?.close();
});

type Bracket = { bracket: number; initialLeverage: number; notionalCap: number; notionalFloor: number };
type Answer = Array<{ symbol: string; brackets: Array<Bracket & { maintMarginRatio: number; cum: number }> }>;

describe('/fapi/v1/leverageBracket per market', () => {
  it("lists every market with its own brackets, each from that market's table", async () => {
    const raw = client.exchange as unknown as Record<string, (params: object) => Promise<Answer>>;
    const all = await raw.fapiPrivateGetLeverageBracket!.call(client.exchange, {});
    const markets = p.t.app.context.config.exchange.markets;
    expect(all.map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    for (const { symbol, brackets } of all) {
      const market = markets.find((candidate) => candidate.symbol === symbol)!;
      const rows = bracketRows(market.maintenanceTiers, market.maxLeverage);
      expect(brackets.map((row) => [row.bracket, row.initialLeverage, row.maintMarginRatio])).toEqual(
        rows.map((row) => [row.bracket, row.initialLeverage, row.maintMarginRatioPpm / 1_000_000]),
      );
      expect(brackets.slice(0, -1).map((row) => row.notionalCap)).toEqual(
        rows.slice(0, -1).map((row) => row.notionalCap! / 1_000_000),
      );
      // The last bracket's cap is the largest order's notional (lots × ticks = micro-USDT).
      expect(brackets.at(-1)!.notionalCap).toBe((market.maxOrderQty * market.maxPriceTicks) / 1_000_000);
      expect(brackets.map((row) => row.cum)).toEqual(rows.map((row) => row.cum / 1_000_000));
    }
    // SOLUSDT: 50x in its first bracket to 10,000 USDT at 1 %; ETHUSDT: 100x to 25,000 USDT (half BTCUSDT's).
    const first = (symbol: string) => all.find((row) => row.symbol === symbol)!.brackets[0];
    expect(first('SOLUSDT')).toMatchObject({ initialLeverage: 50, notionalCap: 10_000, maintMarginRatio: 0.01 });
    expect(first('ETHUSDT')).toMatchObject({ initialLeverage: 100, notionalCap: 25_000, maintMarginRatio: 0.004 });
    expect(first('BTCUSDT')).toMatchObject({ initialLeverage: 100, notionalCap: 50_000, maintMarginRatio: 0.004 });

    const sol = await raw.fapiPrivateGetLeverageBracket!.call(client.exchange, { symbol: 'SOLUSDT' });
    expect(sol).toEqual(all.filter((row) => row.symbol === 'SOLUSDT'));
    const unknown = await raw.fapiPrivateGetLeverageBracket!.call(client.exchange, { symbol: 'DOGEUSDT' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(unknown).toBeInstanceOf(ccxt.BadSymbol);
  });

  it("gives ccxt's fetchLeverageTiers each market's tiers", async () => {
    const tiers = await client.exchange.fetchLeverageTiers(['ETH/USDT:USDT', 'SOL/USDT:USDT']);
    expect(tiers['ETH/USDT:USDT']![0]).toMatchObject({ tier: 1, maxLeverage: 100, maxNotional: 25_000 });
    expect(tiers['SOL/USDT:USDT']![0]).toMatchObject({ tier: 1, maxLeverage: 50, maxNotional: 10_000 });
    expect(tiers['SOL/USDT:USDT']!.map((tier) => tier.maxLeverage)).toEqual([50, 25, 20, 10, 5, 4]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExchangeConfig, ratePpm } from '@tickline/engine';
import type { ServerConfigAnswer } from '@tickline/protocol';
import { clientRules } from '../../src/app/rules/client-rules.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, get, type TestApp } from '../helpers/test-app.ts';

// The rules are read from the engine's configuration, so an engine built with other fees answers those.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    exchangeConfig: {
      takerFeeRatePpm: ratePpm(450),
      maxLeverage: 50,
      option: { ...defaultExchangeConfig.option, cutoffMs: 7_000 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /server/config', () => {
  it('answers the trading, option and wallet rules without a token, from the engine the server runs', async () => {
    const answer = await get<ServerConfigAnswer>(t.app, '/server/config');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const rules = answer.body.data!;
    expect(rules.futures).toMatchObject({
      symbol: 'BTCUSDT',
      makerFeeRatePpm: 200,
      takerFeeRatePpm: 450,
      leverage: { min: 1, max: 50, default: 1 },
      tickSize: 0.01,
      lotSize: 0.0001,
      minOrderQty: 0.0001,
      maxOrderQty: 100,
    });
    expect(rules.futures.maintenanceTiers[0]).toEqual({ maxNotional: 50_000, ratePpm: 4_000 });
    expect(rules.futures.maintenanceTiers.at(-1)).toEqual({ maxNotional: null, ratePpm: 100_000 });
    expect(rules.option).toMatchObject({ roundMs: 60_000, cutoffMs: 7_000, payoutRateBps: 9_500, minStake: 1 });
    expect(rules.wallet).toEqual({
      withdrawalFee: 5,
      withdrawalMinimum: 10,
      withdrawalMaximum: 1_000_000,
      withdrawalDailyLimit: 1_000_000,
      withdrawalWholeUsdt: true,
      depositConfirmations: t.config.chain.confirmations,
      depositMinimum: 0.01,
      // This test server runs no chain wallet, so no faucet.
      faucet: false,
    });
  });

  it('is the same copy the engine applies', async () => {
    const rules = (await get<ServerConfigAnswer>(t.app, '/server/config')).body.data!;
    const engine = await t.sequencer.read((exchange) => exchange.config);
    expect(rules.futures.takerFeeRatePpm).toBe(engine.takerFeeRatePpm);
    expect(rules.option.cutoffMs).toBe(engine.option.cutoffMs);
    expect(rules.futures.leverage.max).toBe(engine.maxLeverage);
  });

  it("publishes every market's rules, BTCUSDT's first and the same as `futures`", async () => {
    const rules = (await get<ServerConfigAnswer>(t.app, '/server/config')).body.data!;
    expect(rules.markets[0]).toEqual({
      ...rules.futures,
      baseAsset: 'BTC',
      minNotional: 0,
      fundingIntervalMs: 8 * 3_600_000,
      priceDecimals: 2,
      qtyDecimals: 4,
      bookSteps: ['0.1', '0.01', '0.001', '1', '10', '50', '100'],
    });
    const all = clientRules(loadConfig({}), false).markets;
    expect(all.map((market) => market.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(all[2]).toMatchObject({
      baseAsset: 'SOL',
      lotSize: 0.01,
      minOrderQty: 0.01,
      minNotional: 5,
      leverage: { min: 1, max: 50, default: 1 },
      fundingIntervalMs: 4 * 3_600_000,
      qtyDecimals: 2,
      bookSteps: ['0.01', '0.1', '1', '10'],
    });
    expect(all[1]!.leverageBrackets[0]).toMatchObject({ initialLeverage: 100, notionalCap: 25_000 });
  });
});

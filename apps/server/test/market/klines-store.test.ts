import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klines } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';

const T0 = Date.UTC(2026, 10, 21, 0, 0, 0);
const candle = (minute: number, close: number, symbol = 'BTCUSDT') => ({
  symbol,
  openTimeMs: T0 + minute * 60_000,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume: minute,
  tradeCount: minute,
});

describe('klines store', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('upserts by (symbol, open time) and reads the newest oldest-first', async () => {
    await klines.upsertKlines(database.pool, [
      candle(0, 101),
      candle(1, 102),
      candle(2, 103),
      candle(0, 50, 'ETHUSDT'),
    ]);
    await klines.upsertKlines(database.pool, [candle(2, 99), candle(3, 104)]);
    expect(await klines.countKlines(database.pool, 'BTCUSDT')).toBe(4);
    const newest = await klines.recentKlines(database.pool, 'BTCUSDT', 3);
    expect(newest.map((k) => [k.openTimeMs - T0, k.close])).toEqual([
      [60_000, 102],
      [120_000, 99],
      [180_000, 104],
    ]);
    expect(newest[0]).toEqual(candle(1, 102));
  });

  it('refuses candles that are not minute-aligned or inconsistent', async () => {
    await expect(klines.upsertKlines(database.pool, [{ ...candle(9, 100), openTimeMs: T0 + 1 }])).rejects.toThrow();
    await expect(klines.upsertKlines(database.pool, [{ ...candle(9, 100), high: 50 }])).rejects.toThrow();
  });
});

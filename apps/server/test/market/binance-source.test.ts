import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BinanceSource } from '../../src/services/market/binance-source.ts';
import { ReconnectingSocket } from '../../src/services/market/reconnecting-socket.ts';
import { startBinanceStandIn, type StandIn } from './binance-stand-in.ts';

async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('binance price source against a local stand-in', () => {
  let standIn: StandIn;
  let source: BinanceSource;

  beforeEach(async () => {
    standIn = await startBinanceStandIn();
    source = new BinanceSource({
      restUrl: standIn.restUrl,
      futuresRestUrl: standIn.restUrl,
      wsUrl: standIn.wsUrl,
      pollIntervalMs: 100,
      reconnectInitialDelayMs: 50,
      reconnectMaxDelayMs: 200,
      requestTimeoutMs: 1_000,
    });
  });

  afterEach(async () => {
    await source.stop();
    await standIn.close();
  });

  it('reads spot 24 h tickers and the premium index over REST', async () => {
    await source.start();
    await eventually(() => expect(source.quote('ETHUSDT')).toBeDefined());
    const eth = source.quote('ETHUSDT')!;
    expect(eth.price).toBe(260_150_000_000);
    expect(eth.quoteVolume24h).toBe(827_146_523);
    expect(eth.high24h).toBeGreaterThan(eth.price);
    expect(source.quote('SHIBUSDT')!.price).toBe(1_834);
    // The index comes from the premium index until the stream speaks.
    await eventually(() => expect(source.quote('BTCUSDT')!.price).toBe(6_701_012_345_678));
    const spotRequest = standIn.requests.find((path) => path.startsWith('/api/v3/ticker/24hr'))!;
    expect(JSON.parse(new URL(spotRequest, 'http://x').searchParams.get('symbols')!)).toContain('BNBUSDT');
    expect(standIn.requests.some((path) => path === '/fapi/v1/premiumIndex?symbol=BTCUSDT')).toBe(true);
    // USDT is the quote currency.
    expect(source.quote('USDTUSDT')!.price).toBe(100_000_000);
  });

  it('takes the index from the markPrice stream', async () => {
    await source.start();
    await standIn.waitForStreams(1);
    expect(standIn.streamConnections[0]).toBe('btcusdt@markPrice@1s');
    standIn.pushMarkPrice('68000.00000001');
    await eventually(() => expect(source.quote('BTCUSDT')!.price).toBe(6_800_000_000_001));
  });

  it('ignores malformed frames and keeps going', async () => {
    await source.start();
    await standIn.waitForStreams(1);
    standIn.pushRaw('{"stream":"btcusdt@markPrice@1s","data":{"e":"markPriceUpdate"');
    standIn.pushRaw('not json at all');
    standIn.pushRaw(JSON.stringify({ stream: 'x', data: { e: 'markPriceUpdate', s: 'BTCUSDT', i: 'abc', E: 1 } }));
    standIn.pushRaw(JSON.stringify({ stream: 'x', data: { e: 'markPriceUpdate', s: 'BTCUSDT', i: '-5', E: 1 } }));
    standIn.pushMarkPrice('69000.5');
    await eventually(() => expect(source.quote('BTCUSDT')!.price).toBe(6_900_050_000_000));
    expect(source.stats.malformedFrames).toBe(4);
    expect(source.connections).toBe(1);
  });

  it('reconnects after the stand-in drops the stream', async () => {
    await source.start();
    await standIn.waitForStreams(1);
    standIn.dropStreams();
    await standIn.waitForStreams(2);
    standIn.pushMarkPrice('70000.00');
    await eventually(() => expect(source.quote('BTCUSDT')!.price).toBe(7_000_000_000_000));
    standIn.dropStreams();
    await standIn.waitForStreams(3);
    await eventually(() => expect(source.connections).toBe(3));
  });

  it('survives a failing REST API and recovers when it answers again', async () => {
    standIn.failRest(true);
    await source.start();
    await eventually(() => expect(source.stats.failedRequests).toBeGreaterThanOrEqual(2));
    expect(source.quote('ETHUSDT')).toBeUndefined();
    standIn.failRest(false);
    await eventually(() => expect(source.quote('ETHUSDT')).toBeDefined());
  });

  it('reads 1-minute klines for the backfill, skipping malformed rows', async () => {
    const endMs = Date.UTC(2026, 10, 21, 12, 0, 0);
    const candles = await source.history('BTCUSDT', 5, endMs);
    expect(candles).toHaveLength(5);
    expect(candles.at(-1)!.openTimeMs).toBe(endMs - 60_000);
    expect(candles[0]).toMatchObject({ open: 6_700_410_000_000, high: 6_700_900_000_000, close: 6_700_460_000_000 });
    expect(source.stats.malformedAnswers).toBe(1);
    expect(standIn.requests.at(-1)).toBe(`/fapi/v1/klines?symbol=BTCUSDT&interval=1m&limit=5&endTime=${endMs - 1}`);
  });
});

describe('reconnect back-off', () => {
  it('doubles from the first delay up to the maximum', () => {
    const delays = [0, 1, 2, 3, 10, 40].map((failures) => ReconnectingSocket.backoffDelayMs(failures, 500, 30_000));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});

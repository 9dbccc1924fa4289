import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GATEWAY_LIMITS } from '../../src/ws/gateway-limits.ts';
import { MarketPump, type MarketFlush } from '../../src/ws/pump.ts';
import { bookOf, FakeFeed, sampleTicker } from './helpers.ts';

describe('market pump schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on the interval boundaries: depth and ticker due together leave in one delivery, also after a late run', () => {
    // Started between boundaries (37 ms past one), as a server starts at any time.
    vi.useFakeTimers({ now: 1_800_000_000_037 });
    const feed = new FakeFeed();
    feed.tickerData = sampleTicker;
    const pump = new MarketPump(feed, DEFAULT_GATEWAY_LIMITS);
    const deliveries: Array<{ atMs: number; streams: string[] }> = [];
    const link = pump.link({
      deliverFlushes: (flushes: readonly MarketFlush[]) =>
        deliveries.push({ atMs: Date.now(), streams: flushes.map((flush) => flush.stream) }),
      deliverSnapshot: () => undefined,
    });
    link.watch('BTCUSDT', 'depth');
    link.watch('BTCUSDT', 'ticker');
    let n = 0;
    const changer = setInterval(() => feed.setBook(bookOf(5, 6_700_000 + ++n)), 5);
    try {
      vi.advanceTimersByTime(2_520);
      // The machine stalls: the next run comes 8 ms late, and the depth flush with it.
      vi.setSystemTime(Date.now() + 8);
      vi.advanceTimersByTime(2_500);
    } finally {
      clearInterval(changer);
      pump.close();
    }

    const tickers = deliveries.filter((delivery) => delivery.streams.includes('ticker'));
    expect(tickers.length).toBeGreaterThanOrEqual(4);
    // Every second the ticker shares its run (one write per client) with the depth due at the same boundary.
    for (const ticker of tickers) expect(ticker.streams).toContain('depth');
    const depthTimes = deliveries.filter((d) => d.streams.includes('depth')).map((d) => d.atMs);
    expect(depthTimes.length).toBeGreaterThanOrEqual(45);
    // Throttled: never two within 95 ms, the late run included.
    for (let i = 1; i < depthTimes.length; i += 1)
      expect(depthTimes[i]! - depthTimes[i - 1]!).toBeGreaterThanOrEqual(95);
    // On the boundary (1 ms past it) except the late run and the one after it, which waits out the 95 ms.
    const offBoundary = depthTimes.filter((atMs) => atMs % 100 !== 1);
    expect(offBoundary.length).toBeLessThanOrEqual(2);
    expect(depthTimes.at(-1)! % 100).toBe(1);
  });

  it('follows a snapshot taken just before a boundary with a fresh ticker, not a copy of the snapshot', () => {
    // 20 ms before a second's boundary: within the time a built snapshot is reused for other subscribers.
    vi.useFakeTimers({ now: 1_800_000_000_980 });
    const feed = new FakeFeed();
    feed.tickerData = sampleTicker;
    const pump = new MarketPump(feed, DEFAULT_GATEWAY_LIMITS);
    const received: Buffer[] = [];
    const link = pump.link({
      deliverFlushes: (flushes: readonly MarketFlush[]) => received.push(...flushes.map((flush) => flush.payload)),
      deliverSnapshot: (_symbol, _stream, payload) => payload && received.push(payload),
    });
    try {
      link.watch('BTCUSDT', 'ticker');
      link.requestSnapshot('BTCUSDT', 'ticker');
      vi.advanceTimersByTime(500);
    } finally {
      pump.close();
    }
    const stamps = received.map((payload) => (JSON.parse(payload.toString()) as { ts: number }).ts);
    // The snapshot, then the flush on the boundary 20 ms later: two tickers, each stamped when it was built.
    expect(stamps).toEqual([1_800_000_000_980, 1_800_000_001_001]);
  });

  it('sends the deep depth only to a sink that watches it, with its levels; the default depth keeps its 20', () => {
    vi.useFakeTimers({ now: 1_800_000_000_037 });
    const feed = new FakeFeed();
    const pump = new MarketPump(feed, DEFAULT_GATEWAY_LIMITS);
    const sinkOf = (into: Array<{ stream: string; text: string }>) => ({
      deliverFlushes: (flushes: readonly MarketFlush[]) =>
        into.push(...flushes.map((flush) => ({ stream: flush.stream, text: flush.payload.toString() }))),
      deliverSnapshot: () => undefined,
    });
    const plain: Array<{ stream: string; text: string }> = [];
    const deep: Array<{ stream: string; text: string }> = [];
    pump.link(sinkOf(plain)).watch('BTCUSDT', 'depth');
    const deepLink = pump.link(sinkOf(deep));
    deepLink.watch('BTCUSDT', 'depthDeep');
    try {
      feed.setBook(bookOf(300));
      vi.advanceTimersByTime(150);
      deepLink.unwatch('BTCUSDT', 'depthDeep');
      feed.setBook(bookOf(300, 6_700_100));
      vi.advanceTimersByTime(200);
    } finally {
      pump.close();
    }
    const levelsOf = (text: string) => {
      const message = JSON.parse(text) as { type: string; symbol: string; data: { a: unknown[]; b: unknown[] } };
      return [message.type, message.symbol, message.data.a.length, message.data.b.length];
    };
    expect(plain.map((flush) => flush.stream)).toEqual(['depth', 'depth']);
    for (const flush of plain) expect(levelsOf(flush.text)).toEqual(['depth', 'BTCUSDT', 20, 20]);
    // Watched for one flush, then dropped: nothing more is built for it.
    expect(deep.map((flush) => flush.stream)).toEqual(['depthDeep']);
    const { deepDepthLevels } = DEFAULT_GATEWAY_LIMITS;
    expect(levelsOf(deep[0]!.text)).toEqual(['depthDeep', 'BTCUSDT', deepDepthLevels, deepDepthLevels]);
  });
});

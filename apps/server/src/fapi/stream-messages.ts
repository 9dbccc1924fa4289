/**
 * Binance USDⓈ-M stream events made from the platform pump's payloads (ws/pump.ts builds each once; the fstream hub
 * parses each flush once and turns it into these). Decimals as strings, as on REST; `s` is the flush's market (#34).
 */
import { PRICE_SCALE, QTY_SCALE } from '@tickline/money';
import type { DepthData, KlineData, TickerData, TradeData } from '@tickline/protocol';
import { decimalOf } from './views.ts';

const FUNDING_RATE_DECIMALS = 8;

export type Level = [string, string];
const px = (value: number) => decimalOf(value, PRICE_SCALE);
const qy = (value: number) => decimalOf(value, QTY_SCALE);

export function levelsOf(book: DepthData): { bids: Level[]; asks: Level[] } {
  return {
    bids: book.b.map(([price, qty]) => [px(price), qy(qty)]),
    asks: book.a.map(([price, qty]) => [px(price), qy(qty)]),
  };
}

/** The levels of `next` that differ from `previous`, with '0' for the levels gone (Binance's diff depth). */
export function diffLevels(previous: readonly Level[], next: readonly Level[]): Level[] {
  const before = new Map(previous);
  const after = new Map(next);
  const changed: Level[] = [];
  for (const [price, qty] of next) if (before.get(price) !== qty) changed.push([price, qty]);
  for (const [price] of previous) if (!after.has(price)) changed.push([price, '0']);
  return changed;
}

export function depthEvent(
  symbol: string,
  time: number,
  ids: { U: number; u: number; pu: number },
  bids: Level[],
  asks: Level[],
) {
  return { e: 'depthUpdate', E: time, T: time, s: symbol, ...ids, b: bids, a: asks };
}

export function bookTickerEvent(symbol: string, time: number, id: number, bids: Level[], asks: Level[]) {
  return {
    e: 'bookTicker',
    u: id,
    s: symbol,
    b: bids[0]?.[0] ?? '0',
    B: bids[0]?.[1] ?? '0',
    a: asks[0]?.[0] ?? '0',
    A: asks[0]?.[1] ?? '0',
    T: time,
    E: time,
  };
}

export function aggTradeEvent(symbol: string, trade: TradeData, time: number) {
  const base = { E: time, s: symbol, p: px(trade.price), q: qy(trade.qty), T: trade.time, m: trade.side === 'sell' };
  return { e: 'aggTrade', a: trade.id, f: trade.id, l: trade.id, ...base };
}

export function tradeEvent(symbol: string, trade: TradeData, time: number) {
  const base = { E: time, s: symbol, p: px(trade.price), q: qy(trade.qty), T: trade.time, m: trade.side === 'sell' };
  return { e: 'trade', t: trade.id, X: 'MARKET', ...base };
}

export function markPriceEvent(symbol: string, ticker: TickerData, time: number) {
  return {
    e: 'markPriceUpdate',
    E: time,
    s: symbol,
    p: px(ticker.markPrice),
    i: px(ticker.indexPrice),
    P: px(ticker.indexPrice),
    r: decimalOf(ticker.fundingRate, FUNDING_RATE_DECIMALS),
    T: ticker.fundingTime,
  };
}

export function tickerEvent(symbol: string, ticker: TickerData, time: number) {
  return {
    e: '24hrTicker',
    E: time,
    s: symbol,
    P: decimalOf(ticker.percentChange, 2),
    c: px(ticker.close),
    h: px(ticker.high),
    l: px(ticker.low),
    v: qy(ticker.volume),
    O: time - 86_400_000,
    C: time,
  };
}

export function klineEvent(symbol: string, kline: KlineData, time: number) {
  return {
    e: 'kline',
    E: time,
    s: symbol,
    k: {
      t: kline.openTime,
      T: kline.closeTime,
      s: symbol,
      i: '1m',
      o: px(kline.open),
      c: px(kline.close),
      h: px(kline.high),
      l: px(kline.low),
      v: qy(kline.volume),
      x: kline.closed,
    },
  };
}

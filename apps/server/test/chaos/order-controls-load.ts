/**
 * The #32 order controls in the chaos load, in every market (#34): amends of the traders' own resting orders (a new
 * size on the market's lot grid, the price kept), IOC limit orders (which must never rest) and reduce-only orders
 * (refused without a position, never opening one). Written into the book before they are sent, like every
 * operation; checkOrderControls reads them back.
 */
import type pg from 'pg';
import { parseQty } from '@tickline/money';
import { marketDefinition } from '../../src/domain/market/definitions.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import type { Ledgerbook, Outcome } from './book.ts';
import { CHAOS_MARKETS, limitBody, send, type Load, type Trader } from './load.ts';

/** One amend sent: the order's new size in lots and what the answer said. */
export interface AmendSent {
  qtyLots: number;
  outcome: Outcome;
}

const marketOf = (symbol: string | undefined) =>
  CHAOS_MARKETS.find((market) => market.symbol === (symbol ?? 'BTCUSDT')) ?? CHAOS_MARKETS[0];

/** The size, in lots, of the load's orders in the market (0.001 BTC, 0.01 ETH, 1 SOL). */
const originalLots = (symbol: string | undefined): number => parseQty(marketOf(symbol).volume);

/** One order-control operation chosen at random; answers false once the server stopped answering. */
export async function operateOrderControl(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const pick = load.random();
  if (pick < 0.5 && trader.open.length > 0) return amend(server, load, trader);
  const market = CHAOS_MARKETS[Math.floor(load.random() * CHAOS_MARKETS.length)]!;
  const price = (market.low + Math.floor(load.random() * market.span)).toFixed(1);
  const reduceOnly = pick >= 0.75;
  const body = {
    ...limitBody(price),
    symbol: market.symbol,
    volume: market.volume,
    ...(reduceOnly ? { reduceOnly: true } : { timeInForce: 'IOC' }),
  };
  const kind = reduceOnly ? 'reduce-only orders' : 'ioc orders';
  const answer = await send<{ no: number }>(server, load, kind, {
    url: '/order/registerOrder',
    token: trader.token,
    body,
  });
  if (answer.outcome === 'acknowledged') {
    load.book.orders.set(answer.data!.no, trader.userId);
    load.book.orderSymbols.set(answer.data!.no, market.symbol);
    load.book.neverResting.add(answer.data!.no);
  }
  return answer.answered;
}

/** A new size from half to three times the original, on the market's lot grid (some under its minimum notional). */
async function amend(server: ServerProcess, load: Load, trader: Trader): Promise<boolean> {
  const no = trader.open[Math.floor(load.random() * trader.open.length)]!;
  const symbol = load.book.orderSymbols.get(no);
  const lot = marketDefinition(marketOf(symbol).symbol)!.lotSizeLots;
  const lotsPerOrder = originalLots(symbol) / lot;
  const qtyLots = lot * (Math.ceil(lotsPerOrder / 2) + Math.floor(load.random() * (lotsPerOrder * 2.5 + 1)));
  const sent: AmendSent = { qtyLots, outcome: 'unknown' };
  const list = load.book.amends.get(no) ?? [];
  list.push(sent);
  load.book.amends.set(no, list);
  const body = { no, volume: (qtyLots / 10_000).toFixed(4), ...(symbol ? { symbol } : {}) };
  const answer = await send(server, load, 'amends', { url: '/order/amend', token: trader.token, body });
  sent.outcome = answer.outcome;
  return answer.answered;
}

/**
 * IOC and reduce-only orders never rest; an amended order's stored size is one that was sent for it (the original or
 * an amend's), and once every amend of it was answered, the original or an acknowledged one (never a refused one's).
 */
export async function checkOrderControls(client: pg.Client, book: Ledgerbook): Promise<string[]> {
  const violations: string[] = [];
  const ids = [...book.neverResting, ...book.amends.keys()];
  const { rows } = await client.query<{ id: string; status: string; qty: string }>(
    'SELECT id::text, status, qty::text FROM orders WHERE id = ANY($1::bigint[])',
    [ids],
  );
  const stored = new Map(rows.map((row) => [Number(row.id), row]));
  for (const id of book.neverResting)
    if (stored.get(id)?.status === 'open') violations.push(`IOC or reduce-only order ${id} rests`);
  for (const [id, amends] of book.amends) {
    const row = stored.get(id);
    if (!row) continue; // an order whose placement was never acknowledged is checked with the orders
    const qty = Number(row.qty);
    const original = originalLots(book.orderSymbols.get(id));
    const sent = new Set([original, ...amends.map((a) => a.qtyLots)]);
    if (!sent.has(qty)) violations.push(`order ${id} has size ${qty}, never sent`);
    if (amends.every((a) => a.outcome !== 'unknown')) {
      const acknowledged = amends.filter((a) => a.outcome === 'acknowledged').map((a) => a.qtyLots);
      const allowed = new Set(acknowledged.length > 0 ? acknowledged : [original]);
      if (!allowed.has(qty)) violations.push(`order ${id} has size ${qty}, not an acknowledged amend's`);
    }
  }
  return violations;
}

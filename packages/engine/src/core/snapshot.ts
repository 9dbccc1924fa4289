import { DEFAULT_SYMBOL } from '../config.ts';
import { positionChanged } from '../futures/positions.ts';
import { rest } from '../futures/orders.ts';
import type { OptionRounds } from '../options/option-rounds.ts';
import type { EngineSnapshot, MarketPrices, OrderState, PositionState } from '../types.ts';
import { symbolOf } from '../types.ts';
import type { EngineState, MarketState } from './state.ts';

/**
 * Snapshots of every market (#34). Rows carry their symbol (rows without one are DEFAULT_SYMBOL's), leverages of
 * another market are [user, leverage, symbol] triples, and each market's prices are in `markets`; the top-level
 * price fields stay DEFAULT_SYMBOL's so an older reader still finds them.
 */
export function takeSnapshot(s: EngineState, options: OptionRounds): EngineSnapshot {
  const defaultMarket = s.market() ?? (s.markets[0] as MarketState);
  const leverages: EngineSnapshot['leverageByUser'] = [];
  for (const market of s.markets) {
    const entries = [...market.leverageByUser.entries()].sort((a, b) => a[0] - b[0]);
    for (const [userId, leverage] of entries)
      leverages.push(market.symbol === DEFAULT_SYMBOL ? [userId, leverage] : [userId, leverage, market.symbol]);
  }
  return {
    balances: [...s.ledger.entries()]
      .filter(([, amount]) => amount !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    openOrders: s.markets
      .flatMap((market) => [...market.openOrdersById.values()])
      .sort((a, b) => a.id - b.id)
      .map((order) => ({ ...order })),
    positions: allPositions(s),
    unsettledOptionOrders: options.orders(),
    leverageByUser: leverages,
    nextIds: { ...s.nextIds },
    lastIndexPrice: defaultMarket.lastIndexPrice,
    lastMarkPrice: defaultMarket.lastMarkPrice,
    lastPriceAtMs: defaultMarket.lastPriceAtMs,
    deposits: [...s.deposits.values()]
      .sort((a, b) => (a.depositKey < b.depositKey ? -1 : a.depositKey > b.depositKey ? 1 : 0))
      .map((deposit) => ({ ...deposit })),
    triggerOrders: s.markets
      .flatMap((market) => [...market.triggers.byId.values()])
      .sort((a, b) => a.id - b.id)
      .map((order) => ({ ...order })),
    lastTradePrice: defaultMarket.triggers.lastTradePrice,
    markets: s.markets.map(pricesOf),
  };
}

/** Every open position of every market, by user then market order. */
export function allPositions(s: EngineState): PositionState[] {
  return s.markets
    .flatMap((market) => [...market.positionsByUser.values()])
    .sort((a, b) => a.userId - b.userId)
    .map((position) => ({ ...position }));
}

export function pricesOf(market: MarketState): MarketPrices {
  return {
    symbol: market.symbol,
    lastIndexPrice: market.lastIndexPrice,
    lastMarkPrice: market.lastMarkPrice,
    lastPriceAtMs: market.lastPriceAtMs,
    lastTradePrice: market.triggers.lastTradePrice,
  };
}

/** Restores a snapshot into a fresh state; a row of a market this engine does not run is an error (config drift). */
export function restoreSnapshot(s: EngineState, options: OptionRounds, snapshot: EngineSnapshot): void {
  const marketOf = (row: { symbol?: string }): MarketState => {
    const market = s.market(symbolOf(row));
    if (!market) throw new Error(`Snapshot row of market ${symbolOf(row)}, which this engine does not run`);
    return market;
  };
  s.ledger.restore(snapshot.balances);
  for (const [userId, leverage, symbol] of snapshot.leverageByUser)
    marketOf({ symbol }).leverageByUser.set(userId, leverage);
  // Time priority within a price is arrival order: ids are assigned in arrival order, an order an amend re-queued
  // (futures/amend.ts) arrived again under its queueSeq, and a fired trigger order arrived when it fired (arrivalId).
  // A row without a symbol (stored before #34) comes back as its market's, so every row the engine holds has one.
  for (const order of [...snapshot.openOrders].sort(inQueueOrder)) {
    const market = marketOf(order);
    rest(market, { ...order, symbol: market.symbol });
  }
  for (const order of snapshot.triggerOrders ?? []) {
    const market = marketOf(order);
    market.triggers.add({ ...order, symbol: market.symbol });
  }
  for (const position of snapshot.positions) {
    const market = marketOf(position);
    const restored = { ...position, symbol: market.symbol };
    market.positionsByUser.set(restored.userId, restored);
    positionChanged(market, restored, null);
  }
  for (const order of [...snapshot.unsettledOptionOrders].sort((a, b) => a.id - b.id)) options.restore({ ...order });
  for (const deposit of snapshot.deposits) s.deposits.set(deposit.depositKey, { ...deposit });
  Object.assign(s.nextIds, snapshot.nextIds);
  const prices: MarketPrices[] = snapshot.markets ?? [
    {
      symbol: DEFAULT_SYMBOL,
      lastIndexPrice: snapshot.lastIndexPrice,
      lastMarkPrice: snapshot.lastMarkPrice,
      lastPriceAtMs: snapshot.lastPriceAtMs,
      lastTradePrice: snapshot.lastTradePrice ?? null,
    },
  ];
  for (const price of prices) {
    const market = marketOf(price);
    market.lastIndexPrice = price.lastIndexPrice;
    market.lastMarkPrice = price.lastMarkPrice;
    market.lastPriceAtMs = price.lastPriceAtMs;
    market.triggers.lastTradePrice = price.lastTradePrice;
  }
}

function inQueueOrder(a: OrderState, b: OrderState): number {
  return arrivalOf(a) - arrivalOf(b) || a.id - b.id;
}

function arrivalOf(order: OrderState): number {
  return order.queueSeq ?? order.trigger?.arrivalId ?? order.id;
}

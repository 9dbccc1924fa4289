import { describe, expect, it } from 'vitest';
import { Account, Exchange, marketAccounts, type Command } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, USDT, usd } from './support/exchange-harness.ts';

/** Several perpetual markets in one Exchange (#34): one ledger, and per market its book, positions and prices. */

const ETH = 'ETHUSDT';
const BTC = 'BTCUSDT';
const THREE_MARKETS = { markets: [{ symbol: BTC }, { symbol: ETH }, { symbol: 'SOLUSDT', maxLeverage: 20 }] };

/** TRADER (10,000 USDT, 10x in both) long 1 ETH at 3,000 and short 0.1 BTC at 50,000; MAKER the other side. */
function longEthShortBtc(): Harness {
  const h = new Harness(THREE_MARKETS);
  h.fundFutures(MAKER, 1_000_000 * USDT);
  h.fundFutures(TRADER, 10_000 * USDT);
  h.ok({ type: 'priceTick', indexPrice: usd(50_000), markPrice: usd(50_000) });
  h.ok({ type: 'priceTick', indexPrice: usd(3_000), markPrice: usd(3_000), symbol: ETH });
  h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10, symbol: ETH });
  h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
  h.ok({ type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: usd(3_000), qty: btc(1), symbol: ETH });
  h.ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(1), symbol: ETH });
  h.ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: usd(50_000), qty: btc(0.1) });
  h.ok({ type: 'placeOrder', userId: TRADER, side: 2, orderPath: 2, price: null, qty: btc(0.1) });
  return h;
}

describe('markets', () => {
  it('holds_an_eth_long_and_a_btc_short_at_once_each_with_its_own_margin_account', () => {
    const h = longEthShortBtc();
    const eth = h.exchange.position(TRADER, ETH);
    const btcPosition = h.exchange.position(TRADER);
    expect(eth).toMatchObject({ symbol: ETH, side: 1, qty: btc(1), entryPrice: usd(3_000), margin: 300 * USDT });
    expect(btcPosition).toMatchObject({ symbol: BTC, side: 2, qty: btc(0.1), entryPrice: usd(50_000) });
    expect(h.exchange.positionsOf(TRADER).map((position) => position.symbol)).toEqual([BTC, ETH]);
    // BTCUSDT's account keeps its name; ETHUSDT's is suffixed; the balance view sums both.
    expect(h.exchange.accountBalance(Account.positionMargin(TRADER))).toBe(500 * USDT);
    expect(h.exchange.accountBalance(`user:${TRADER}:position_margin:${ETH}`)).toBe(300 * USDT);
    expect(h.exchange.balances(TRADER).positionMargin).toBe(800 * USDT);
  });

  it('funds_each_market_on_its_own_mark_and_rate', () => {
    const h = longEthShortBtc();
    const btcMarginBefore = h.exchange.position(TRADER)?.margin;
    const output = h.ok({ type: 'settleFunding', fundingRatePpm: 100, symbol: ETH });
    // The ETH long pays 0.01 % of 3,000 USDT = 0.30 USDT from its ETH margin; the BTC short is not touched.
    expect(h.exchange.position(TRADER, ETH)?.margin).toBe(300 * USDT - 300_000);
    expect(h.exchange.position(TRADER)?.margin).toBe(btcMarginBefore);
    const payments = output.events.flatMap((event) => (event.type === 'funding' ? [event.payment] : []));
    expect(payments).toContainEqual(expect.objectContaining({ symbol: ETH, userId: TRADER, amount: -300_000 }));
    expect(payments.every((payment) => payment.symbol === ETH && payment.markPrice === usd(3_000))).toBe(true);
    expect(output.events).toContainEqual({
      type: 'fundingRate',
      settlement: { symbol: ETH, timeMs: h.nowMs, ratePpm: 100, markPrice: usd(3_000) },
    });
  });

  it('liquidates_each_position_on_its_own_market_prices', () => {
    const h = longEthShortBtc();
    h.ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: usd(2_600), qty: btc(1), symbol: ETH });
    h.ok({ type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: usd(56_000), qty: btc(0.1) });
    const btcPrices = h.exchange.marketPrices(BTC);
    // ETH falls through the long's liquidation price: only the ETH position goes, BTC's prices do not move.
    const ethTick = h.ok({ type: 'priceTick', indexPrice: usd(2_600), markPrice: usd(2_600), symbol: ETH });
    expect(h.exchange.position(TRADER, ETH)).toBeNull();
    expect(h.exchange.position(TRADER)).toMatchObject({ side: 2, qty: btc(0.1) });
    expect(h.exchange.marketPrices(BTC)).toEqual(btcPrices);
    expect(h.exchange.markPrice).toBe(usd(50_000));
    expect(ethTick.events).toContainEqual(
      expect.objectContaining({ type: 'notice', kind: 'liquidation', symbol: ETH }),
    );
    const ethAccounts = marketAccounts(ETH);
    const touched = new Set(ethTick.postings.flatMap((posting) => [posting.debit, posting.credit]));
    expect(touched.has(ethAccounts.insuranceFund) || touched.has(ethAccounts.pnlClearing)).toBe(true);
    expect(touched.has(Account.positionMargin(TRADER))).toBe(false);
    expect(touched.has(Account.insuranceFund)).toBe(false);
    // Then BTC rises through the short's: BTC's own tick liquidates it.
    h.ok({ type: 'priceTick', indexPrice: usd(56_000), markPrice: usd(56_000) });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(h.exchange.positionsOf(TRADER)).toEqual([]);
    expect(h.exchange.marketPrices(ETH)?.lastMarkPrice).toBe(usd(2_600));
  });

  it('keeps_leverage_and_rules_per_market', () => {
    const h = new Harness(THREE_MARKETS);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 25 });
    h.refused({ type: 'setLeverage', userId: TRADER, leverage: 25, symbol: 'SOLUSDT' }, 'INVALID_LEVERAGE');
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 7, symbol: ETH });
    expect(h.exchange.leverage(TRADER)).toBe(25);
    expect(h.exchange.leverage(TRADER, ETH)).toBe(7);
    expect(h.exchange.leverage(TRADER, 'SOLUSDT')).toBe(1);
    expect(h.exchange.snapshot().leverageByUser).toEqual([
      [TRADER, 25],
      [TRADER, 7, ETH],
    ]);
  });

  it('takes_orders_in_a_market_added_by_configuration_alone', () => {
    const h = new Harness({ markets: [{ symbol: BTC }, { symbol: 'DOGEUSDT', tickSizeTicks: 1, lotSizeLots: 100 }] });
    h.fundFutures(MAKER, 10_000 * USDT);
    h.fundFutures(TRADER, 10_000 * USDT);
    const doge = { symbol: 'DOGEUSDT' };
    h.ok({ type: 'priceTick', indexPrice: 40, markPrice: 40, ...doge });
    h.refused(
      { type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: 40, qty: 150, ...doge },
      'INVALID_QUANTITY',
    );
    h.ok({ type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: 40, qty: 10_000, ...doge });
    expect(h.exchange.depth(5, 'DOGEUSDT').asks).toEqual([[40, 10_000]]);
    expect(h.exchange.depth(5).asks).toEqual([]);
    const fill = h.ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: 10_000, ...doge });
    expect(fill.events).toContainEqual(
      expect.objectContaining({ type: 'trade', trade: expect.objectContaining({ symbol: 'DOGEUSDT', price: 40 }) }),
    );
    expect(h.exchange.position(TRADER, 'DOGEUSDT')).toMatchObject({ symbol: 'DOGEUSDT', side: 1, qty: 10_000 });
    expect(h.exchange.markets().map((market) => market.symbol)).toEqual([BTC, 'DOGEUSDT']);
  });

  it('refuses_an_unknown_symbol_with_nothing_changed', () => {
    const h = longEthShortBtc();
    const unknown = { symbol: 'XRPUSDT' };
    const commands: Command[] = [
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(1), qty: btc(1), ...unknown },
      { type: 'setLeverage', userId: TRADER, leverage: 5, ...unknown },
      { type: 'priceTick', indexPrice: usd(1), markPrice: usd(1), ...unknown },
      { type: 'settleFunding', fundingRatePpm: 10, ...unknown },
      { type: 'closePosition', userId: TRADER, qty: btc(1), ...unknown },
      { type: 'cancelOrder', userId: TRADER, orderId: 1, ...unknown },
    ];
    for (const command of commands) h.refused(command, 'MARKET_UNKNOWN_SYMBOL');
    expect(h.exchange.position(TRADER, 'XRPUSDT')).toBeNull();
    expect(h.exchange.marketPrices('XRPUSDT')).toBeNull();
  });

  it('cancels_an_order_by_number_in_any_market_but_not_under_another_symbol', () => {
    const h = new Harness(THREE_MARKETS);
    h.fundFutures(OTHER, 10_000 * USDT);
    const placed = h.ok({
      type: 'placeOrder',
      userId: OTHER,
      side: 1,
      orderPath: 1,
      price: usd(2_000),
      qty: btc(1),
      symbol: ETH,
    });
    const orderId = (placed.result as { ok: true; value: { orderId: number } }).value.orderId;
    expect(h.exchange.openOrders(OTHER, ETH).map((order) => order.id)).toEqual([orderId]);
    expect(h.exchange.openOrders(OTHER, BTC)).toEqual([]);
    h.refused({ type: 'cancelOrder', userId: OTHER, orderId, symbol: BTC }, 'ORDER_NOT_FOUND');
    h.ok({ type: 'cancelOrder', userId: OTHER, orderId });
    expect(h.exchange.openOrders(OTHER)).toEqual([]);
    expect(h.exchange.balances(OTHER).futuresAvailable).toBe(10_000 * USDT);
  });

  it('restores_an_old_snapshot_without_symbols_into_btcusdt', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 6_000 * USDT);
    h.ok({ type: 'priceTick', indexPrice: usd(50_000), markPrice: usd(50_000) });
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    h.limit(MAKER, 2, usd(50_000), btc(1));
    h.limit(MAKER, 2, usd(50_100), btc(1));
    h.market(TRADER, 1, btc(1));
    const { markets: _markets, ...snapshot } = h.exchange.snapshot();
    const withoutSymbols = {
      ...snapshot,
      openOrders: snapshot.openOrders.map(({ symbol: _symbol, ...order }) => order),
      positions: snapshot.positions.map(({ symbol: _symbol, ...position }) => position),
    };
    const restored = Exchange.fromSnapshot(withoutSymbols, THREE_MARKETS);
    expect(restored.position(TRADER)).toMatchObject({ symbol: BTC, side: 1, qty: btc(1), entryPrice: usd(50_000) });
    expect(restored.openOrders(MAKER).map((order) => order.symbol)).toEqual([BTC]);
    expect(restored.depth(5)).toEqual(h.exchange.depth(5));
    expect(restored.marketPrices(BTC)).toEqual(h.exchange.marketPrices(BTC));
    expect(restored.marketPrices(ETH)?.lastMarkPrice).toBeNull();
    expect(restored.leverage(TRADER)).toBe(10);
    expect(restored.balances(TRADER)).toEqual(h.exchange.balances(TRADER));
  });
});

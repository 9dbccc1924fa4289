import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PRICE_SCALE, QTY_SCALE, formatDecimal, formatPrice, formatUsdt } from '@tickline/money';
import type { UserBalance } from '@tickline/protocol';
import { registerOrder, updateLeverage, type RegisterOrderRequest } from '../api.ts';
import { amountInputOrZero, parseAmountInput } from '../../../lib/amountInput.ts';
import { buildOrderRequest, DEFAULT_EXTRAS, placesLimit, type OrderExtras, type OrderTab } from '../calc/orderForm.ts';
import { estimateOrder } from '../calc/orderEstimate.ts';
import { percentBudget } from '../calc/maxOrder.ts';
import { availableFor, type Side } from '../calc/orderMaths.ts';
import { sliderAmount } from '../calc/sliderAmount.ts';
import { useFeedback } from '../feedback.tsx';
import { futuresKeys, reloadTrading } from '../queries.ts';
import { useFrameValueWhen } from '../../../lib/frameStore.ts';
import { depthOf, type MarketStore } from '../stream/marketFeed.ts';
import { microsOf, ticksOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { useMarket } from '../markets/MarketContext.tsx';
import { orderCheck } from '../markets/orderChecks.ts';
import { useLeverageReload } from '../markets/queries.ts';
import { baseOf, marketField } from '../markets/symbols.ts';
import { LeverageModal } from './LeverageModal.tsx';
import { OrderOptions } from './order-form/OrderOptions.tsx';
import { pricingOf } from './order-form/panelFigures.ts';
import { StopTypeTab } from './order-form/StopTypeTab.tsx';
import { TriggerFields } from './order-form/TriggerFields.tsx';
import styles from '../futures.module.css';

const SLIDER_MARKS = [0, 20, 40, 60, 80, 100] as const;

interface TradePanelProps {
  store: MarketStore;
  loggedIn: boolean;
  balance: UserBalance | undefined;
  leverage: number;
  /** A price picked in the order book (with a counter so picking the same price twice still applies). */
  picked: { price: string; at: number } | null;
}

/** Seed 000 §2/§5/§7/§9 trade panel. */
export function TradePanel({ store, loggedIn, balance, leverage, picked }: TradePanelProps) {
  const t = useT();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { symbol, info } = useMarket();
  const reloadLeverage = useLeverageReload();
  // The market's own size step: 4 decimals for BTC, 3 for ETH, 2 for SOL (the integers stay at QTY_SCALE).
  const qtyDecimals = Math.min(info?.qtyDecimals ?? QTY_SCALE, QTY_SCALE);
  const base = info?.baseAsset ?? baseOf(symbol);
  const [tab, setTab] = useState<OrderTab>('limit');
  const [priceText, setPriceText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [percent, setPercent] = useState(0);
  const [autoPrice, setAutoPrice] = useState(false);
  const [leverageOpen, setLeverageOpen] = useState(false);
  const [extras, setExtras] = useState<OrderExtras>(DEFAULT_EXTRAS);
  const patch = (change: Partial<OrderExtras>) => setExtras((now) => ({ ...now, ...change }));
  // The price field takes a limit price for a limit, stop-limit or take-profit limit order; else it shows the market.
  const marketPriced = !placesLimit(tab, extras.stopKind);

  useEffect(() => {
    if (picked) {
      setPriceText(amountInputOrZero(picked.price, PRICE_SCALE));
      setAutoPrice(false);
    }
  }, [picked]);

  const followsLast = marketPriced || (tab === 'limit' && autoPrice);
  // The live price re-renders the panel only while the price follows it (market, Auto Price Marks).
  const last = useFrameValueWhen(store, 'last', followsLast, null);
  const livePrice = last ? formatDecimal(ticksOf(last.price), PRICE_SCALE) : '';
  const shownPrice = followsLast ? livePrice : priceText;
  const priceTicks = parseAmountInput(shownPrice, PRICE_SCALE);
  const qty = parseAmountInput(amountText, QTY_SCALE);
  const rules = info?.trading;
  const funds = {
    usdtm: microsOf(balance?.usdtm),
    usingRequiredAmount: microsOf(balance?.usingRequiredAmount),
    longWaitingRequiredAmount: microsOf(balance?.longWaitingRequiredAmount),
    shortWaitingRequiredAmount: microsOf(balance?.shortWaitingRequiredAmount),
    free: microsOf(balance?.balance),
  };

  const applyPercent = (value: number) => {
    setPercent(value);
    if (value === 0 || !rules) return setAmountText('');
    const depth = marketPriced ? depthOf(store.latest('depthText')) : null;
    const lots = sliderAmount({ funds, percent: value, price: priceTicks, depth, leverage, rules });
    setAmountText(formatDecimal(lots, QTY_SCALE));
  };

  const placing = useMutation({
    mutationFn: (request: RegisterOrderRequest) => feedback.run(() => registerOrder(request), 'futures.orderDone'),
    onSuccess: (done) => {
      if (!done) return;
      reloadTrading(queryClient);
      setPriceText('');
      setAmountText('');
      setPercent(0);
      patch({ triggerText: '', activationText: '', takeProfitText: '', stopLossText: '' });
    },
  });
  const leverageChange = useMutation({
    mutationFn: async (next: number) => {
      if (!(await feedback.run(() => updateLeverage(next, symbol), null))) return;
      setLeverageOpen(false);
      await reloadLeverage(symbol);
      void queryClient.invalidateQueries({ queryKey: futuresKeys.positions });
    },
  });
  const inFlight = placing.isPending || leverageChange.isPending;

  const submit = (side: Side): void => {
    const built = buildOrderRequest({ tab, side, priceText: shownPrice, amountText, leverage, extras });
    if (!built.ok) return feedback.popup(t(built.error));
    const check = info ? orderCheck(info, priceTicks, qty, !marketPriced) : null;
    if (check?.problem === 'lotStep')
      return feedback.popup(t('futures.markets.lotStep', { step: formatDecimal(check.step, QTY_SCALE), base }));
    if (check?.problem === 'tickStep')
      return feedback.popup(t('futures.markets.tickStep', { step: formatDecimal(check.step, PRICE_SCALE) }));
    if (check?.problem === 'minNotional')
      return feedback.popup(t('futures.markets.minNotional', { amount: formatUsdt(check.floor) }));
    placing.mutate({ ...built.request, ...marketField(symbol) });
  };

  // #33 item 1: the figures as the engine counts them, from the server's rules ("-" until they arrive).
  const form = { tab, extras, price: priceTicks, depth: tab === 'limit' ? depthOf(store.latest('depthText')) : null };
  const sideFigures = (side: Side) => {
    const { price, takes } = pricingOf(form, side);
    const estimate = rules
      ? estimateOrder({ side, price, qty, leverage, reduceOnly: extras.reduceOnly, takes, rules })
      : null;
    // #28 item 9: with the slider at 0, Max says what 100 % would cost rather than 0.00.
    return { estimate, max: percentBudget(availableFor(funds, side), percent === 0 ? 100 : percent) };
  };
  const long = sideFigures(1);
  const short = sideFigures(2);

  return (
    <section className={styles.tradePanel} aria-label={t('futures.order')}>
      <div className={styles.tradeTabs} role="tablist">
        {(['limit', 'market'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            role="tab"
            aria-selected={tab === choice}
            className={tab === choice ? styles.tabActive : styles.tab}
            onClick={() => setTab(choice)}
          >
            {t(choice === 'limit' ? 'futures.limit' : 'futures.market')}
          </button>
        ))}
        <StopTypeTab
          active={tab === 'stop'}
          kind={extras.stopKind}
          onPick={(kind) => {
            setTab('stop');
            patch({ stopKind: kind });
          }}
        />
        <button
          type="button"
          className={styles.leverageButton}
          onClick={() => (loggedIn ? setLeverageOpen(true) : undefined)}
          disabled={!loggedIn}
          data-testid="leverage-button"
        >
          {t('futures.leverage')} <strong>{leverage}x</strong>
        </button>
      </div>

      {tab === 'stop' ? <TriggerFields extras={extras} patch={patch} /> : null}
      <label className={styles.field}>
        <span>{t('futures.priceLabel')}</span>
        <input
          inputMode="decimal"
          value={marketPriced ? t('futures.marketPrice') : shownPrice}
          readOnly={followsLast}
          disabled={marketPriced}
          onChange={(event) => setPriceText(amountInputOrZero(event.target.value, PRICE_SCALE))}
          data-testid="order-price"
        />
        <em>USDT</em>
      </label>
      <label className={styles.field}>
        <span>{t('futures.amount')}</span>
        <input
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(amountInputOrZero(event.target.value, qtyDecimals))}
          data-testid="order-amount"
        />
        <em>{base}</em>
      </label>

      <div className={styles.percent}>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          list="futures-percent-marks"
          aria-label="%"
          onChange={(event) => applyPercent(Number(event.target.value))}
          data-testid="order-percent"
        />
        <datalist id="futures-percent-marks">
          {SLIDER_MARKS.map((mark) => (
            <option key={mark} value={mark} />
          ))}
        </datalist>
        <div className={styles.marks}>
          {SLIDER_MARKS.map((mark) => (
            <button
              key={mark}
              type="button"
              onClick={() => applyPercent(mark)}
              className={percent >= mark ? styles.markOn : styles.mark}
            >
              {mark}%
            </button>
          ))}
        </div>
      </div>

      {tab === 'limit' ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={autoPrice}
            onChange={(event) => setAutoPrice(event.target.checked)}
            data-testid="auto-price"
          />
          {t('futures.autoPriceMarks')}
        </label>
      ) : null}
      <OrderOptions tab={tab} extras={extras} patch={patch} />

      {loggedIn ? (
        <div className={styles.orderButtons}>
          {([1, 2] as const).map((side) => {
            const figures = side === 1 ? long : short;
            return (
              <div key={side} className={styles.orderSide}>
                <button
                  type="button"
                  className={side === 1 ? styles.buyButton : styles.sellButton}
                  disabled={inFlight}
                  onClick={() => submit(side)}
                  data-testid={side === 1 ? 'buy-long' : 'sell-short'}
                >
                  {t(side === 1 ? 'futures.buyLong' : 'futures.sellShort')}
                </button>
                <dl className={styles.receipt}>
                  <dt>{t('futures.cost')}</dt>
                  <dd data-testid={side === 1 ? 'cost-long' : 'cost-short'}>
                    {figures.estimate ? `${formatUsdt(figures.estimate.cost)} USDT` : '-'}
                  </dd>
                  <dt>{t('futures.max')}</dt>
                  <dd data-testid={side === 1 ? 'max-long' : 'max-short'}>{formatUsdt(figures.max)} USDT</dd>
                  <dt>{t('futures.estLiquidation')}</dt>
                  <dd data-testid={side === 1 ? 'liq-long' : 'liq-short'}>
                    {figures.estimate && figures.estimate.liquidation > 0
                      ? formatPrice(figures.estimate.liquidation)
                      : '-'}
                  </dd>
                  <dt>{t('futures.form.fee')}</dt>
                  <dd data-testid={side === 1 ? 'fee-long' : 'fee-short'}>
                    {figures.estimate ? `${formatUsdt(figures.estimate.fee, 4)} USDT` : '-'}
                  </dd>
                </dl>
              </div>
            );
          })}
        </div>
      ) : (
        <Link className="btn btn--primary btn--block" to="/login" data-testid="futures-login">
          {t('futures.logIn')}
        </Link>
      )}

      {leverageOpen ? (
        <LeverageModal
          initial={leverage}
          max={rules?.leverage.max}
          busy={inFlight}
          onConfirm={(next) => leverageChange.mutate(next)}
          onClose={() => setLeverageOpen(false)}
        />
      ) : null}
    </section>
  );
}

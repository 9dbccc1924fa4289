import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PRICE_SCALE, QTY_SCALE, formatDecimal, formatPrice, formatUsdt, multiply } from '@tickline/money';
import type { UserBalance } from '@tickline/protocol';
import { accountKeys } from '../../account/queries.ts';
import { registerOrder, updateLeverage, type RegisterOrderRequest } from '../api.ts';
import { amountInputOrZero, parseAmountInput } from '../../../lib/amountInput.ts';
import { buildOrderRequest, type OrderTab } from '../calc/orderForm.ts';
import {
  availableFor,
  estimatedLiquidationPrice,
  maxCost,
  orderCost,
  tradingFee,
  type Side,
} from '../calc/orderMaths.ts';
import { sliderAmount } from '../calc/sliderAmount.ts';
import { maintenanceRatePpm } from '../../rules/serverRules.ts';
import { useServerRules } from '../../rules/useServerRules.ts';
import { useFeedback } from '../feedback.tsx';
import { futuresKeys, reloadTrading } from '../queries.ts';
import { useFrameValueWhen } from '../../../lib/frameStore.ts';
import { depthOf, type MarketStore } from '../stream/marketFeed.ts';
import { microsOf, ticksOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { LeverageModal } from './LeverageModal.tsx';
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
  const [tab, setTab] = useState<OrderTab>('limit');
  const [priceText, setPriceText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [percent, setPercent] = useState(0);
  const [autoPrice, setAutoPrice] = useState(false);
  const [leverageOpen, setLeverageOpen] = useState(false);

  useEffect(() => {
    if (picked) {
      setPriceText(amountInputOrZero(picked.price, PRICE_SCALE));
      setAutoPrice(false);
    }
  }, [picked]);

  const followsLast = tab === 'market' || autoPrice;
  // The live price re-renders the panel only while the price follows it (market, Auto Price Marks).
  const last = useFrameValueWhen(store, 'last', followsLast, null);
  const livePrice = last ? formatDecimal(ticksOf(last.price), PRICE_SCALE) : '';
  const shownPrice = followsLast ? livePrice : priceText;
  const priceTicks = parseAmountInput(shownPrice, PRICE_SCALE);
  const qty = parseAmountInput(amountText, QTY_SCALE);
  const rules = useServerRules()?.trading;
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
    const depth = tab === 'market' ? depthOf(store.latest('depthText')) : null;
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
    },
  });
  const leverageChange = useMutation({
    mutationFn: async (next: number) => {
      if (!(await feedback.run(() => updateLeverage(next), null))) return;
      setLeverageOpen(false);
      await queryClient.invalidateQueries({ queryKey: accountKeys.info });
      void queryClient.invalidateQueries({ queryKey: futuresKeys.positions });
    },
  });
  const inFlight = placing.isPending || leverageChange.isPending;

  const submit = (side: Side): void => {
    const built = buildOrderRequest({ tab, side, priceText: shownPrice, amountText, leverage });
    if (!built.ok) return feedback.popup(t(built.error));
    placing.mutate(built.request);
  };

  const feeRate = rules ? (tab === 'market' ? rules.takerFeePpm : rules.makerFeePpm) : null;
  const maintenancePpm = rules ? maintenanceRatePpm(rules.maintenanceTiers, multiply(priceTicks, qty)) : null;
  const sideFigures = (side: Side) => ({
    cost: orderCost(priceTicks, qty, leverage),
    // #28 item 9: with the slider at 0, Max says what 100 % would cost rather than 0.00.
    max: maxCost(availableFor(funds, side), percent === 0 ? 100 : percent),
    liquidation:
      maintenancePpm === null ? 0 : estimatedLiquidationPrice(side, priceTicks, qty, leverage, maintenancePpm),
  });
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

      <label className={styles.field}>
        <span>{t('futures.priceLabel')}</span>
        <input
          inputMode="decimal"
          value={tab === 'market' ? t('futures.marketPrice') : shownPrice}
          readOnly={followsLast}
          disabled={tab === 'market'}
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
          onChange={(event) => setAmountText(amountInputOrZero(event.target.value, QTY_SCALE))}
          data-testid="order-amount"
        />
        <em>BTC</em>
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
                  <dd data-testid={side === 1 ? 'cost-long' : 'cost-short'}>{formatUsdt(figures.cost)} USDT</dd>
                  <dt>{t('futures.max')}</dt>
                  <dd data-testid={side === 1 ? 'max-long' : 'max-short'}>{formatUsdt(figures.max)} USDT</dd>
                  <dt>{t('futures.estLiquidation')}</dt>
                  <dd data-testid={side === 1 ? 'liq-long' : 'liq-short'}>
                    {figures.liquidation > 0 ? formatPrice(figures.liquidation) : '-'}
                  </dd>
                </dl>
              </div>
            );
          })}
          <p className={styles.feeLine}>
            {t('futures.fee')} ≈{' '}
            <span data-testid="order-fee">
              {feeRate === null ? '-' : `${formatUsdt(tradingFee(priceTicks, qty, feeRate), 4)} USDT`}
            </span>
          </p>
        </div>
      ) : (
        <Link className="btn btn--primary btn--block" to="/login" data-testid="futures-login">
          {t('futures.logIn')}
        </Link>
      )}

      {leverageOpen ? (
        <LeverageModal
          initial={leverage}
          busy={inFlight}
          onConfirm={(next) => leverageChange.mutate(next)}
          onClose={() => setLeverageOpen(false)}
        />
      ) : null}
    </section>
  );
}

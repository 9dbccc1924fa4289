import { memo, useMemo } from 'react';
import type { TradeData } from '@tickline/protocol';
import { formatNumber } from '../../../lib/format.ts';
import { useFrameValue } from '../../../lib/frameStore.ts';
import { TRADE_ROWS, type MarketStore } from '../stream/marketFeed.ts';
import { useI18n } from '../../../i18n/I18nProvider.tsx';
import { formatZonedTime, type TimeZoneChoice } from '../../../lib/timeZone.ts';
import { useMarket } from '../markets/MarketContext.tsx';
import { baseLabel, marketDecimals } from '../markets/symbols.ts';
import styles from '../futures.module.css';

/**
 * One trade; keyed by id and memoised, so a new trade mounts one row instead of rewriting every row. Its time is in
 * the user's zone (`zone` is a prop so that a change of zone redraws the rows).
 */
const TradeRow = memo(function TradeRow({
  trade,
  zone,
  decimals,
}: {
  trade: TradeData;
  zone: TimeZoneChoice;
  decimals: { price: number; qty: number };
}) {
  return (
    <div className={styles.tradeRow} data-side={trade.side}>
      <span className={trade.side === 'buy' ? styles.up : styles.down}>
        {formatNumber(trade.price, decimals.price)}
      </span>
      <span data-testid="trade-qty">{formatNumber(trade.qty, decimals.qty, 'floor')}</span>
      <span className={styles.muted}>{formatZonedTime(trade.time, zone)}</span>
    </div>
  );
});

/**
 * Recent trades from the `trade` stream, newest first, a fixed number of rows (padded while fewer); prices and sizes
 * with the market's decimals (#34: ETH sizes to 3, SOL to 2).
 */
export function RecentTrades({ store }: { store: MarketStore }) {
  const { t, timeZone } = useI18n();
  const { symbol, info } = useMarket();
  const { price, qty } = marketDecimals(info);
  const decimals = useMemo(() => ({ price, qty }), [price, qty]);
  const trades = useFrameValue(store, 'trades');
  const padding = Math.max(0, TRADE_ROWS - trades.length);
  return (
    <section className={styles.trades} aria-label={t('futures.trades')}>
      <header className={styles.panelHead}>
        <h2>{t('futures.trades')}</h2>
      </header>
      <div className={styles.bookHead}>
        <span>{t('futures.price')}</span>
        <span>{baseLabel(t('futures.quantity'), symbol)}</span>
        <span>{t('futures.time')}</span>
      </div>
      <div className={styles.tradeRows} data-testid="recent-trades">
        {trades.map((trade) => (
          <TradeRow key={trade.id} trade={trade} zone={timeZone} decimals={decimals} />
        ))}
        {Array.from({ length: padding }, (_, i) => (
          <div key={`pad-${i}`} className={styles.tradeRow} aria-hidden="true">
            <span>&nbsp;</span>
          </div>
        ))}
      </div>
    </section>
  );
}

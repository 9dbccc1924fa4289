import { formatNumber } from '../../../lib/format.ts';
import { useFrameValue } from '../stream/frameStore.ts';
import { TRADE_ROWS, type MarketStore } from '../stream/marketFeed.ts';
import { useFuturesT } from '../useFuturesT.ts';
import styles from '../futures.module.css';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Asia/Seoul',
});

/** Recent trades from the `trade` stream, newest first, a fixed number of rows. */
export function RecentTrades({ store }: { store: MarketStore }) {
  const t = useFuturesT();
  const trades = useFrameValue(store, 'trades');
  return (
    <section className={styles.trades} aria-label={t('futures.trades')}>
      <header className={styles.panelHead}>
        <h2>{t('futures.trades')}</h2>
      </header>
      <div className={styles.bookHead}>
        <span>{t('futures.price')}</span>
        <span>{t('futures.quantity')}</span>
        <span>{t('futures.time')}</span>
      </div>
      <div className={styles.tradeRows} data-testid="recent-trades">
        {Array.from({ length: TRADE_ROWS }, (_, i) => {
          const trade = trades[i];
          return trade ? (
            <div key={i} className={styles.tradeRow}>
              <span className={trade.side === 'buy' ? styles.up : styles.down}>{formatNumber(trade.price, 2)}</span>
              <span>{formatNumber(trade.qty, 4)}</span>
              <span className={styles.muted}>{timeFormat.format(trade.time)}</span>
            </div>
          ) : (
            <div key={i} className={styles.tradeRow} aria-hidden="true">
              <span>&nbsp;</span>
            </div>
          );
        })}
      </div>
    </section>
  );
}

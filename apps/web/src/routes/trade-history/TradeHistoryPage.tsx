import { TradeHistoryScreen } from '../../features/trade-history/TradeHistoryScreen.tsx';

/** Seed 001 §2: /trade/history, Futures and Options tabs, each a paginated table. */
export default function TradeHistoryPage() {
  return <TradeHistoryScreen />;
}

import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: Futures and Options tabs, each a paginated table. */
export default function TradeHistoryPage() {
  return (
    <NotOpenYet
      title="screen.tradeHistory"
      subtitle="screen.tradeHistorySubtitle"
      layout="history"
      panels={['frame.tradeTable']}
    />
  );
}

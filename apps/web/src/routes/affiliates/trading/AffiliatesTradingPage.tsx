import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: downline trading results (revenue, loss, PnL) and the option table. */
export default function AffiliatesTradingPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesTrading"
      layout="dashboard"
      panels={['frame.totalRevenue', 'frame.totalLoss', 'frame.totalPnl', 'frame.search', 'frame.optionTable']}
    />
  );
}

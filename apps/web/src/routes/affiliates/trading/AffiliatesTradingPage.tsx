import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: downline trading results (revenue, loss, PnL) and the option table. */
export default function AffiliatesTradingPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesTrading"
      layout="dashboard"
      panels={[
        { label: 'frame.totalRevenue', area: 'a' },
        { label: 'frame.totalLoss', area: 'b' },
        { label: 'frame.totalPnl', area: 'c' },
        { label: 'frame.search', area: 'd' },
        { label: 'frame.optionTable', area: 'table' },
      ]}
    />
  );
}

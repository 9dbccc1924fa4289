import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: settlement summary, withdrawable settlement with Apply, and the Apply / Settlement tabs. */
export default function AffiliatesHistoryPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesHistory"
      subtitle="affiliates.settlementNote"
      layout="dashboard"
      panels={[
        { label: 'frame.userDeposit', area: 'a' },
        { label: 'frame.userWithdraw', area: 'b' },
        { label: 'frame.received', area: 'c' },
        { label: 'frame.todaySettlement', area: 'd' },
        { label: 'frame.settlementTabs', area: 'table' },
      ]}
    />
  );
}

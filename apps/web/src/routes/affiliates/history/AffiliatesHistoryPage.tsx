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
        'frame.userDeposit',
        'frame.userWithdraw',
        'frame.received',
        'frame.todaySettlement',
        'frame.settlementTabs',
      ]}
    />
  );
}

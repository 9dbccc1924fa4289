import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: two-step withdrawal (crypto, details) with recent withdrawals. */
export default function WithdrawPage() {
  return (
    <NotOpenYet
      title="screen.withdraw"
      subtitle="screen.withdrawSubtitle"
      layout="wizard"
      panels={['frame.withdrawDetails', 'frame.totalAmount', 'frame.recentWithdrawals']}
    />
  );
}

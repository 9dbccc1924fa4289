import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: partner withdrawal from the bsc balance (batch at 10 PM KST) and its history. */
export default function AffiliatesWithdrawPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesWithdraw"
      subtitle="affiliates.batchNote"
      layout="wizard"
      panels={['frame.withdrawDetails', 'frame.balances', 'frame.withdrawals']}
    />
  );
}

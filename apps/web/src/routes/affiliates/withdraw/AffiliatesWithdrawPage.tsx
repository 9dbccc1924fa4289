import { WithdrawScreen } from '../../../features/partners/screens/WithdrawScreen.tsx';

/** Seed 001 §2: partner withdrawal from the bsc balance (batch at 10 PM KST) and its history. */
export default function AffiliatesWithdrawPage() {
  return <WithdrawScreen />;
}

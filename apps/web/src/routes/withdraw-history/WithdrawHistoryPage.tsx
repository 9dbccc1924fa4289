import { WithdrawHistoryScreen } from '../../features/wallet/HistoryScreens.tsx';

/** Seed 001 §2: /withdraw/history. */
export default function WithdrawHistoryPage() {
  return <WithdrawHistoryScreen />;
}

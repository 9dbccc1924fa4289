import { DepositHistoryScreen } from '../../features/wallet/HistoryScreens.tsx';

/** Seed 001 §2: /deposit/history. */
export default function DepositHistoryPage() {
  return <DepositHistoryScreen />;
}

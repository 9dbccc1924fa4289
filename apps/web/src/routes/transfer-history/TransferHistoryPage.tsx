import { TransferHistoryScreen } from '../../features/wallet/HistoryScreens.tsx';

/** Seed 001 §2: /transfer/history/{type}. */
export default function TransferHistoryPage() {
  return <TransferHistoryScreen />;
}

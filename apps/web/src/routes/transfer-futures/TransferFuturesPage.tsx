import { TransferScreen } from '../../features/wallet/TransferScreen.tsx';

/** Seed 001 §2: /transfer/futures. */
export default function TransferFuturesPage() {
  return <TransferScreen />;
}

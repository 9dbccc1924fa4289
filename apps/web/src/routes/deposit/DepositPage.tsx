import { DepositScreen } from '../../features/wallet/DepositScreen.tsx';

/** Seed 001 §2: /deposit. */
export default function DepositPage() {
  return <DepositScreen />;
}

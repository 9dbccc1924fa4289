import { WithdrawScreen } from '../../features/wallet/WithdrawScreen.tsx';

/** Seed 001 §2: /withdraw. */
export default function WithdrawPage() {
  return <WithdrawScreen />;
}

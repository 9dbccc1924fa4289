import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the full withdrawal list. */
export default function WithdrawHistoryPage() {
  return <NotOpenYet title="screen.withdrawHistory" layout="history" panels={['frame.withdrawals']} />;
}

import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the full deposit list. */
export default function DepositHistoryPage() {
  return <NotOpenYet title="screen.depositHistory" layout="history" panels={['frame.deposits']} />;
}

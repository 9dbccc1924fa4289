import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: transfer history for the route's type (2 = spot ↔ futures). */
export default function TransferHistoryPage() {
  return <NotOpenYet title="screen.transferHistory" layout="history" panels={['frame.transfers']} />;
}

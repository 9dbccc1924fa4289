import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: transfer between the BEP-20 spot wallet and the futures wallet. */
export default function TransferFuturesPage() {
  return (
    <NotOpenYet
      title="screen.transferFutures"
      subtitle="screen.transferSubtitle"
      layout="wizard"
      panels={['frame.transferForm', 'frame.balances', 'frame.recentTransfers']}
    />
  );
}

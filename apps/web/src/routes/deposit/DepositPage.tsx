import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: three-step deposit (crypto, network, address) with recent deposits. */
export default function DepositPage() {
  return (
    <NotOpenYet
      title="screen.deposit"
      subtitle="screen.depositSubtitle"
      layout="wizard"
      panels={['frame.selectCrypto', 'frame.depositAddress', 'frame.recentDeposits']}
    />
  );
}

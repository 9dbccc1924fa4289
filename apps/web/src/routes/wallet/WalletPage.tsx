import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: assets screen with Overview, Spot Wallet and Futures Wallet tabs. */
export default function WalletPage() {
  return (
    <NotOpenYet
      title="screen.wallet"
      subtitle="screen.walletSubtitle"
      layout="wallet"
      panels={[
        { label: 'frame.overview', area: 'a' },
        { label: 'frame.spotWallet', area: 'b' },
        { label: 'frame.futuresWallet', area: 'c' },
        { label: 'frame.balances', area: 'table' },
      ]}
    />
  );
}

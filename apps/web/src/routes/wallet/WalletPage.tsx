import { NotOpenYet } from '../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: assets screen with Overview, Spot Wallet and Futures Wallet tabs. */
export default function WalletPage() {
  return (
    <NotOpenYet
      title="screen.wallet"
      subtitle="screen.walletSubtitle"
      layout="wallet"
      panels={['frame.overview', 'frame.spotWallet', 'frame.futuresWallet', 'frame.balances']}
    />
  );
}

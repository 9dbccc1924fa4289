import { AssetsScreen } from '../../features/wallet/AssetsScreen.tsx';

/** Seed 001 §2: the assets screen. */
export default function WalletPage() {
  return <AssetsScreen />;
}

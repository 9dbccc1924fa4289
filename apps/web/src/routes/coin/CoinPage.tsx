import { CoinDetailScreen } from '../../features/market/CoinDetailScreen.tsx';

/** #18: a coin of /markets other than our own market. */
export default function CoinPage() {
  return <CoinDetailScreen />;
}

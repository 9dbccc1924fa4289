import { FuturesScreen } from '../../features/futures/FuturesScreen.tsx';
import { TradingLayout } from '../../features/futures/TradingLayout.tsx';

/** Seed 000 §2: the BTCUSDT perpetual futures screen (its own lazily loaded chunk, outside the site layout). */
export default function FuturesPage() {
  return (
    <TradingLayout>
      <FuturesScreen />
    </TradingLayout>
  );
}

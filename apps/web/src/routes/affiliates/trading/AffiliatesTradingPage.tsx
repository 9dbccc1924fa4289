import { TradingScreen } from '../../../features/partners/screens/TradingScreen.tsx';

/** Seed 001 §2: downline trading results (revenue, loss, PnL) and the option table. */
export default function AffiliatesTradingPage() {
  return <TradingScreen />;
}

import { HistoryScreen } from '../../../features/partners/screens/HistoryScreen.tsx';

/** Seed 001 §2: settlement summary, withdrawable settlement with Apply, and the Apply / Settlement tabs. */
export default function AffiliatesHistoryPage() {
  return <HistoryScreen />;
}

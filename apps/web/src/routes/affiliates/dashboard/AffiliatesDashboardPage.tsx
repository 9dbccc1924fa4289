import { DashboardScreen } from '../../../features/partners/screens/DashboardScreen.tsx';

/** Seed 001 §2: the partner dashboard (referral statistics). */
export default function AffiliatesDashboardPage() {
  return <DashboardScreen />;
}

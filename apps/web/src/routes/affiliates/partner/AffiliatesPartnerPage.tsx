import { PartnerScreen } from '../../../features/partners/screens/PartnerScreen.tsx';

/** Seed 001 §2: partner status, settlements and downline tiers with fee distribution. */
export default function AffiliatesPartnerPage() {
  return <PartnerScreen />;
}

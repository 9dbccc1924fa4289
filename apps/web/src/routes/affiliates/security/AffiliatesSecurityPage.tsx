import { SecurityScreen } from '../../../features/security/SecurityScreen.tsx';

/** Seed 001 links /affiliates/security and shows no content: the same account security page, in the back office. */
export default function AffiliatesSecurityPage() {
  return <SecurityScreen embedded />;
}

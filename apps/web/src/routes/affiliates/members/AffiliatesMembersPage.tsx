import { MembersScreen } from '../../../features/partners/screens/MembersScreen.tsx';

/** Seed 001 §2: members list with search by name, ID, invitation code or email. */
export default function AffiliatesMembersPage() {
  return <MembersScreen />;
}

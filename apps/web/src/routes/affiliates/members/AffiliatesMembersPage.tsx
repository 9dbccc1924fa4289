import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: members list with search by name, ID, invitation code or email. */
export default function AffiliatesMembersPage() {
  return <NotOpenYet embedded title="screen.affiliatesMembers" layout="history" panels={['frame.memberList']} />;
}

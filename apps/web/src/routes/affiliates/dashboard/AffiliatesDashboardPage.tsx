import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the partner dashboard (referral statistics). */
export default function AffiliatesDashboardPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliates"
      layout="dashboard"
      panels={['frame.referrals', 'frame.members', 'frame.todayJoins', 'frame.weekJoins', 'frame.recentMembers']}
    />
  );
}

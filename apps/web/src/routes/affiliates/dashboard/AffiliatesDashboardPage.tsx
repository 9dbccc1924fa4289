import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: the partner dashboard (referral statistics). */
export default function AffiliatesDashboardPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliates"
      layout="dashboard"
      panels={[
        { label: 'frame.referrals', area: 'a' },
        { label: 'frame.members', area: 'b' },
        { label: 'frame.todayJoins', area: 'c' },
        { label: 'frame.weekJoins', area: 'd' },
        { label: 'frame.recentMembers', area: 'table' },
      ]}
    />
  );
}

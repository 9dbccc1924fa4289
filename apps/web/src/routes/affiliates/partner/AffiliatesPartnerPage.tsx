import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: partner status, settlements and downline tiers with fee distribution. */
export default function AffiliatesPartnerPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesPartner"
      layout="dashboard"
      panels={[
        { label: 'frame.partnerLevel', area: 'a' },
        { label: 'frame.todaySettlement', area: 'b' },
        { label: 'frame.weekSettlement', area: 'c' },
        { label: 'frame.totalSettlement', area: 'd' },
        { label: 'frame.downlineTiers', area: 'table' },
      ]}
    />
  );
}

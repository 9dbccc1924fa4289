import { NotOpenYet } from '../../../features/placeholder/NotOpenYet.tsx';

/** Seed 001 §2: partner status, settlements and downline tiers with fee distribution. */
export default function AffiliatesPartnerPage() {
  return (
    <NotOpenYet
      embedded
      title="screen.affiliatesPartner"
      layout="dashboard"
      panels={[
        'frame.partnerLevel',
        'frame.todaySettlement',
        'frame.weekSettlement',
        'frame.totalSettlement',
        'frame.downlineTiers',
      ]}
    />
  );
}

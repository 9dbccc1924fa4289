import { RoundAuditScreen } from '../../features/option-audit/RoundAuditScreen.tsx';

/** #14 item 6: the public audit of one option round, linked from every settled bet. */
export default function OptionRoundPage() {
  return <RoundAuditScreen />;
}

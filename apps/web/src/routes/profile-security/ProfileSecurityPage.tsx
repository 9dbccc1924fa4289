import { SecurityScreen } from '../../features/security/SecurityScreen.tsx';

/** #17: the account security page for every member. */
export default function ProfileSecurityPage() {
  return <SecurityScreen />;
}

import { ReservesScreen } from '../../features/audit/ReservesScreen.tsx';

/** #35: proof of reserves, public; a logged-in user checks their own inclusion. */
export default function ReservesPage() {
  return <ReservesScreen />;
}

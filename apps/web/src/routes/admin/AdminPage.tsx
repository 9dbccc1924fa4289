import { AdminConsole } from '../../features/admin/AdminConsole.tsx';

/** /admin: the operator console (its own chunk). */
export default function AdminPage() {
  return <AdminConsole />;
}

import { Navigate, Outlet } from 'react-router-dom';
import { LoadingState } from '#web/components/ui/loading-state';
import { paths } from '../config/paths';
import { useAdminAccess } from '../features/admin/api/get-admin-access';

/**
 * Lets admins through, as the server's verify_admin_access says; everyone else (a refused or failed
 * check counts as non-admin) goes to /. Sits under RequireAuth, which handles signed-out visitors.
 * Loaded lazily with the admin pages, so the check's query code stays out of the public pages.
 */
export function RequireAdmin() {
  const access = useAdminAccess();
  if (access.isPending) return <LoadingState />;
  if (!access.isSuccess) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

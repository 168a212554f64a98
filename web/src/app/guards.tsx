import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAdminAccess } from '../features/admin/api/get-admin-access';
import { useAuth } from '../lib/auth-context';
import { PageStatus } from './layout/page-status';

/** Lets signed-in users through; sends others to /auth with `redirect` back to where they were. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageStatus />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.getHref({ redirect: `${location.pathname}${location.search}` })} replace />;
  }
  return <Outlet />;
}

/**
 * Lets admins through, as the server's verify_admin_access says; signed-out users go to /auth,
 * everyone else (a refused or failed check counts as non-admin) to /.
 */
export function RequireAdmin() {
  const { status } = useAuth();
  const location = useLocation();
  const access = useAdminAccess();
  if (status === 'loading') return <PageStatus />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.getHref({ redirect: `${location.pathname}${location.search}` })} replace />;
  }
  if (access.isPending) return <PageStatus />;
  if (!access.isSuccess) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

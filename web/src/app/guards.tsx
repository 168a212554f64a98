import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth-context';
import { useMe } from '../lib/get-me';
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

/** Lets admins through; signed-out users go to /auth, everyone else (or a failed check) to /. */
export function RequireAdmin() {
  const { status } = useAuth();
  const location = useLocation();
  const me = useMe();
  if (status === 'loading') return <PageStatus />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.getHref({ redirect: `${location.pathname}${location.search}` })} replace />;
  }
  if (me.isPending) return <PageStatus />;
  if (!me.data?.isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

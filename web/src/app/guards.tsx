import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
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

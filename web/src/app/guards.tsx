import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '#web/components/ui/loading-state';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth-context';

/** Lets signed-in users through; sends others to /auth with `redirect` back to where they were. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingState />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.getHref({ redirect: `${location.pathname}${location.search}` })} replace />;
  }
  return <Outlet />;
}

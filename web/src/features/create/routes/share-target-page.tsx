import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { createSearchFromShare } from '../lib/shared-arrival';

/** The manifest's share target (/share): opens /create with what was shared, marked as a share. */
export function ShareTargetPage() {
  const { search } = useLocation();
  const forwarded = createSearchFromShare(new URLSearchParams(search));
  return <Navigate to={`${paths.create.path}?${forwarded}`} replace />;
}

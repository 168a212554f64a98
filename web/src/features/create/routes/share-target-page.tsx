import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { forwardShare } from '../lib/shared-arrival';

/** The manifest's share target (/share): opens /create with what was shared, marked as a share. */
export function ShareTargetPage() {
  const location = useLocation();
  const { search, state } = forwardShare(new URLSearchParams(location.search));
  return <Navigate to={`${paths.create.path}?${search}`} state={state} replace />;
}

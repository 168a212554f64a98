import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSignedInPath, paths } from '../../config/paths';
import { useAuth } from '../../lib/auth-context';

/** After signing out on a signed-in page, the move to /auth waits this long, so the toast is seen. */
export const SIGN_OUT_REDIRECT_DELAY_MS = 100;

/** Scrolls to the top on every route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll is the reaction to a new pathname.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Sends a user who just signed out on a signed-in page to /auth. */
export function SignOutRedirect() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;
  const previous = useRef(status);

  useEffect(() => {
    const wasSignedIn = previous.current === 'signedIn';
    previous.current = status;
    if (!wasSignedIn || status !== 'signedOut') return;
    const timer = setTimeout(() => {
      if (isSignedInPath(pathnameRef.current)) navigate(paths.auth.getHref(), { replace: true });
    }, SIGN_OUT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);
  return null;
}

import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth-context';
import { resolveAuthRedirect } from '../lib/auth-redirect';

/** The redirect after a fresh sign-in waits this long, so the success toast is seen. */
export const SIGN_IN_REDIRECT_DELAY_MS = 200;

const OAUTH_RETURN_KEY = 'threadsnip.authSearch';

/** Keeps /auth's query (redirect, url, tone) across the hosted-UI round trip of Google sign-in. */
export function rememberAuthSearch(search: string): void {
  try {
    sessionStorage.setItem(OAUTH_RETURN_KEY, search);
  } catch {
    // Without session storage the user simply lands on the default page after Google sign-in.
  }
}

function takeRememberedSearch(): string | null {
  try {
    const value = sessionStorage.getItem(OAUTH_RETURN_KEY);
    sessionStorage.removeItem(OAUTH_RETURN_KEY);
    return value;
  } catch {
    return null;
  }
}

function redirectParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  if (params.has('url') || params.has('redirect')) return params;
  return new URLSearchParams(takeRememberedSearch() ?? '');
}

/**
 * Sends signed-in users away from /auth. Users already signed in go at once; after a fresh
 * sign-in (`beginSignIn` then `completeSignIn`) the move waits 200 ms and only happens if the
 * user is still on /auth.
 */
export function useAuthRedirect(): { beginSignIn: () => void; abortSignIn: () => void; completeSignIn: () => void } {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const signingIn = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (status !== 'signedIn' || signingIn.current) return;
    // Replace: /auth left in history would bounce the Back button forward again.
    navigate(resolveAuthRedirect(redirectParams(locationRef.current.search)).to, { replace: true });
  }, [status, navigate]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const beginSignIn = useCallback(() => {
    signingIn.current = true;
  }, []);
  const abortSignIn = useCallback(() => {
    signingIn.current = false;
  }, []);
  const completeSignIn = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (locationRef.current.pathname !== paths.auth.path) return;
      const target = resolveAuthRedirect(redirectParams(locationRef.current.search));
      navigate(target.to, { replace: target.replace });
    }, SIGN_IN_REDIRECT_DELAY_MS);
  }, [navigate]);

  return { beginSignIn, abortSignIn, completeSignIn };
}

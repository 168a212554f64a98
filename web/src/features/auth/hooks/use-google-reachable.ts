import { useEffect, useState } from 'react';

/**
 * Google's sign-in script: the resource content blockers stop. The hosted sign-in loads Google's
 * pages from the same host, so if this cannot be fetched, the Google button could not work either.
 */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** Whether Google's sign-in script can be loaded in this browser; null while checking or when `enabled` is false. */
export function useGoogleReachable(enabled: boolean): boolean | null {
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    // An opaque request is enough: a blocked or failed load rejects, anything else resolves.
    fetch(GOOGLE_SCRIPT_URL, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' })
      .then(
        () => true,
        () => false,
      )
      .then((result) => {
        if (active) setReachable(result);
      });
    return () => {
      active = false;
    };
  }, [enabled]);
  return enabled ? reachable : null;
}

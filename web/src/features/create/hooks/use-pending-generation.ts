import { useEffect } from 'react';
import { useAuth } from '#web/lib/auth-context';
import { useMe } from '#web/lib/get-me';
import type { PendingGeneration } from '../lib/flow-state';

/**
 * Starts the generation the sign-in redirect asked for once the balance is known; a visitor who
 * stays signed out drops it.
 */
export function usePendingGeneration(
  pending: PendingGeneration | null,
  clearPending: () => void,
  generate: (url: string, tone: PendingGeneration['tone']) => Promise<unknown>,
): void {
  const auth = useAuth();
  const me = useMe();
  useEffect(() => {
    if (!pending) return;
    if (auth.status === 'signedOut') {
      clearPending();
      return;
    }
    if (auth.status !== 'signedIn' || me.isPending) return;
    clearPending();
    void generate(pending.url, pending.tone);
  }, [pending, auth.status, me.isPending, clearPending, generate]);
}

import { useCallback } from 'react';
import { useToast } from '../../components/ui/use-toast';
import { AUTH_TOASTS } from '../../features/auth/lib/auth-messages';
import { useAuth } from '../../lib/auth-context';

/** Signs out and confirms it; the toast shows even when the server call failed (local state is cleared anyway). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const { toast } = useToast();
  return useCallback(async () => {
    await signOut();
    toast({ ...AUTH_TOASTS.signedOut, variant: 'success' });
  }, [signOut, toast]);
}

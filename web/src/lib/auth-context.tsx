import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../components/ui/use-toast';
import type { AuthEvent, AuthUser, SignInOutcome, SignUpOutcome } from './auth';
import { type LoadedAuth, loadAuth, mayHaveSession } from './auth-loader';
import { setReturningUserCookie } from './returning-user-cookie';

export type { AuthUser, SignInOutcome, SignUpOutcome } from './auth';

/** Whether the session is still being read, or known. */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** What useAuth() gives components: the user, the status and every auth operation. */
export interface AuthContextValue {
  user: AuthUser | null;
  status: AuthStatus;
  /** True when the deployment configures Google sign-in; null until the config is known. */
  googleSignInAvailable: boolean | null;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signUp(email: string, password: string): Promise<SignUpOutcome>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  /** Always ends signed out locally, even when the server call fails. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Token check cadence and the remaining lifetime that triggers a refresh. */
const REFRESH_CHECK_INTERVAL_MS = 30_000;
const REFRESH_THRESHOLD_MS = 90_000;

interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
}

/** Holds the auth state, follows Amplify Hub events and exposes the auth operations. */
export function AuthProvider({
  children,
  load = loadAuth,
}: {
  children: ReactNode;
  /** Injectable for tests; defaults to the lazily loaded Amplify module. */
  load?: () => Promise<LoadedAuth>;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Without stored tokens there is nothing to wait for: public pages render signed-out at once.
  const [state, setState] = useState<AuthState>(() => ({
    user: null,
    status: mayHaveSession() ? 'loading' : 'signedOut',
  }));
  const [googleSignInAvailable, setGoogleSignInAvailable] = useState<boolean | null>(null);
  const loadRef = useRef(load);
  const toastRef = useRef(toast);
  toastRef.current = toast;

  const userIdRef = useRef<string | null>(null);

  const applyUser = useCallback(
    (user: AuthUser | null) => {
      // Another user's (or no user's) cached server data must not leak into this session.
      if (userIdRef.current && userIdRef.current !== user?.userId) queryClient.clear();
      userIdRef.current = user?.userId ?? null;
      const status: AuthStatus = user ? 'signedIn' : 'signedOut';
      // Token refreshes re-read the same user: keep the state object so consumers do not re-render.
      setState((previous) =>
        previous.status === status && previous.user?.userId === user?.userId && previous.user?.email === user?.email
          ? previous
          : { user, status },
      );
      if (user) setReturningUserCookie();
    },
    [queryClient],
  );

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    loadRef
      .current()
      .then(async ({ config, auth }) => {
        if (!active) return;
        setGoogleSignInAvailable(Boolean(config.googleSignIn));
        const onEvent = async (event: AuthEvent) => {
          if (event === 'googleSignedIn' || event === 'googleSignInFailed') {
            // The message catalogue is loaded only when a Google sign-in comes back, not on first paint.
            const { authMessages } = await import('#shared/messages/auth');
            toastRef.current(
              event === 'googleSignedIn'
                ? { ...authMessages.googleSignInSuccess, variant: 'success' }
                : { ...authMessages.googleSignInFailed, variant: 'destructive' },
            );
          }
          if (event === 'signedOut') applyUser(null);
          else if (active) applyUser(await auth.getSignedInUser());
        };
        unsubscribe = auth.listenToAuthEvents((event) => void onEvent(event));
        const user = await auth.getSignedInUser();
        if (active) applyUser(user);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!active) return;
        setGoogleSignInAvailable(false);
        setState({ user: null, status: 'signedOut' });
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [applyUser]);

  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const timer = setInterval(() => {
      void loadRef
        .current()
        .then(({ auth }) => auth.refreshSessionIfExpiring(REFRESH_THRESHOLD_MS))
        .catch(() => undefined);
    }, REFRESH_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state.status]);

  const value = useMemo<AuthContextValue>(() => {
    const withAuth = async <T,>(run: (auth: LoadedAuth['auth']) => Promise<T>): Promise<T> =>
      run((await loadRef.current()).auth);
    return {
      ...state,
      googleSignInAvailable,
      signIn: (email, password) =>
        withAuth(async (auth) => {
          const outcome = await auth.signInWithPassword(email, password);
          if (outcome === 'signedIn') applyUser(await auth.getSignedInUser());
          return outcome;
        }),
      signUp: (email, password) => withAuth((auth) => auth.signUpWithPassword(email, password)),
      confirmSignUp: (email, code) => withAuth((auth) => auth.confirmSignUpCode(email, code)),
      resendSignUpCode: (email) => withAuth((auth) => auth.resendConfirmationCode(email)),
      resetPassword: (email) => withAuth((auth) => auth.requestPasswordReset(email)),
      confirmResetPassword: (email, code, newPassword) =>
        withAuth((auth) => auth.confirmPasswordReset(email, code, newPassword)),
      signInWithGoogle: () => withAuth((auth) => auth.startGoogleSignIn()),
      signOut: async () => {
        try {
          await withAuth((auth) => auth.signOutUser());
        } catch (error) {
          console.error(error);
        } finally {
          applyUser(null);
        }
      },
    };
  }, [state, googleSignInAvailable, applyUser]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state and operations; must be used under AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastProvider } from '#web/components/ui/toast-provider';
import { AuthContext, type AuthContextValue } from '#web/lib/auth-context';
import type { Me } from '#web/lib/get-me';

/** An AuthContext value whose operations are spies; signed out unless a user is given. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    status: 'signedOut',
    googleSignInAvailable: false,
    signIn: vi.fn(async () => 'signedIn' as const),
    signUp: vi.fn(async () => 'complete' as const),
    confirmSignUp: vi.fn(async () => undefined),
    resendSignUpCode: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => undefined),
    confirmResetPassword: vi.fn(async () => undefined),
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

/** A signed-in fake auth for the given user. */
export function signedInAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return fakeAuth({ user: { userId: 'user-1', email: 'ada@example.com' }, status: 'signedIn', ...overrides });
}

/** The /api/me answer for the signed-in fake user: 9 credits, 4 free and 5 paid. */
export function testProfile(isAdmin: boolean): Me {
  return {
    userId: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    role: isAdmin ? 'admin' : 'user',
    isAdmin,
    credits: {
      totalCredits: 12,
      usedCredits: 3,
      availableCredits: 9,
      freeCredits: 4,
      paidCredits: 5,
      resetDate: '2030-01-02',
    },
  };
}

/** The /config.json a local stack serves, for tests that answer fetch themselves. */
export const LOCAL_RUNTIME_CONFIG = {
  mode: 'local',
  apiBaseUrl: '/api',
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  authEndpoint: 'http://localhost:3000/local-auth',
  siteUrl: 'http://localhost:3000',
} as const;

/** A query client that never retries, so failures surface at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Shows the router's current location, so tests can assert where a page navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface RenderOptions {
  auth?: AuthContextValue;
  queryClient?: QueryClient;
  initialEntries?: string[];
}

/** Renders routes inside the app's providers (with a fake auth) and a memory router. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const auth = options.auth ?? fakeAuth();
  const queryClient = options.queryClient ?? testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const wrap = (value: AuthContextValue): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthContext.Provider value={value}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(auth));
  return {
    ...result,
    router,
    queryClient,
    /** Re-renders with a new auth value (e.g. after a sign-in). */
    setAuth: (value: AuthContextValue) => result.rerender(wrap(value)),
  };
}

/**
 * Amplify (Cognito) set-up and the auth operations the SPA uses. This module is loaded lazily
 * (see auth-context.tsx) so that aws-amplify stays out of the first paint of public pages.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '../config/runtime-config';
import { setCurrentWorkspaceId } from './current-workspace';

// Amplify does not export these types from its public entry points; derive them from the API.
type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type CognitoAuthTokens = Awaited<ReturnType<TokenRefresher>>;
type Jwt = CognitoAuthTokens['accessToken'];

/** The signed-in user as the app sees it. */
export interface AuthUser {
  userId: string;
  email: string;
}

/** What a password sign-in led to: a session, or the cloud asking for the sign-up confirmation code first. */
export type SignInOutcome = 'signedIn' | 'confirmSignUp';

/** What a sign-up led to: an account ready to sign in with, or a confirmation code to enter first. */
export type SignUpOutcome = 'complete' | 'confirmSignUp';

/** Auth state changes the provider reacts to. */
export type AuthEvent =
  | 'signedIn'
  | 'signedOut'
  | 'tokenRefresh'
  | 'tokenRefreshFailed'
  | 'googleSignedIn'
  | 'googleSignInFailed';

/** Where the hosted UI sends the browser back after a Google sign-in. */
export const OAUTH_RETURN_PATH = '/auth';

let configured = false;

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Configures Amplify from the runtime config, once; in local mode it also installs the token refresher. */
export function configureAuth(config: RuntimeConfig): void {
  if (configured) return;
  const origin = window.location.origin;
  const cognitoDomain = config.googleSignIn?.cognitoDomain.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.mode === 'local' ? config.authEndpoint : undefined,
        loginWith: cognitoDomain
          ? {
              email: true,
              oauth: {
                domain: cognitoDomain,
                scopes: ['openid', 'email', 'profile'],
                redirectSignIn: [`${origin}${OAUTH_RETURN_PATH}`],
                redirectSignOut: [`${origin}/`],
                responseType: 'code',
                providers: ['Google'],
              },
            }
          : { email: true },
      },
    },
  });
  if (config.mode === 'local' && config.authEndpoint) {
    // cognito-local lacks GetTokensFromRefreshToken, which Amplify's default refresher calls.
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      createLocalTokenRefresher(config.authEndpoint, config.userPoolClientId),
    );
  }
  configured = true;
}

/** Decodes a JWT's payload without verifying it (the server verifies; the client only reads claims). */
export function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1];
  if (!part) throw new Error('Malformed token');
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as Jwt['payload'];
  return { payload, toString: () => token };
}

/** A refresher that renews tokens with InitiateAuth REFRESH_TOKEN_AUTH against a Cognito-compatible endpoint. */
export function createLocalTokenRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new Error('No refresh token to renew the session with');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    if (!response.ok) throw new Error(`Token refresh failed (HTTP ${response.status})`);
    const body = (await response.json()) as {
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    const result = body.AuthenticationResult;
    if (!result?.AccessToken) throw new Error('Token refresh returned no access token');
    const accessToken = decodeJwt(result.AccessToken);
    const issuedAt = typeof accessToken.payload.iat === 'number' ? accessToken.payload.iat : Date.now() / 1000;
    const refreshed: CognitoAuthTokens = {
      accessToken,
      idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: issuedAt * 1000 - Date.now(),
      username,
    };
    return refreshed;
  };
}

/** Signs in with email and password (USER_PASSWORD_AUTH in both modes). */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const result = await signIn({
    username: normalizeEmail(email),
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw Object.assign(new Error(`Unsupported sign-in step: ${result.nextStep.signInStep}`), {
    name: 'UnsupportedSignInStep',
  });
}

/** Registers an account; locally the server confirms it at once, in the cloud a code is e-mailed. */
export async function signUpWithPassword(email: string, password: string): Promise<SignUpOutcome> {
  const username = normalizeEmail(email);
  const result = await signUp({ username, password, options: { userAttributes: { email: username } } });
  return result.isSignUpComplete ? 'complete' : 'confirmSignUp';
}

/** Confirms a sign-up with the e-mailed code. */
export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: normalizeEmail(email), confirmationCode: code.trim() });
}

/** Sends a new sign-up confirmation code. */
export async function resendConfirmationCode(email: string): Promise<void> {
  await resendSignUpCode({ username: normalizeEmail(email) });
}

/** Asks Cognito to e-mail a password-reset code. */
export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: normalizeEmail(email) });
}

/** Sets a new password with the e-mailed reset code. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: normalizeEmail(email), confirmationCode: code.trim(), newPassword });
}

/** Starts the hosted-UI sign-in with the Google identity provider (the browser leaves the page). */
export async function startGoogleSignIn(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}

/**
 * Signs out. A failing server call must not keep the user signed in on this device, so any
 * error still ends with the local tokens cleared.
 */
export async function signOutUser(): Promise<void> {
  // The next person to sign in on this device starts in their own personal workspace.
  setCurrentWorkspaceId(null);
  try {
    await signOut();
  } catch {
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
  }
}

/** The current user read from the stored ID token, or null when signed out. */
export async function getSignedInUser(): Promise<AuthUser | null> {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub, email: typeof payload.email === 'string' ? payload.email : '' };
  } catch {
    return null;
  }
}

/** The ID token for API calls (refreshed by Amplify when expired), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString() ?? null;
}

/** Renews the session when the ID token has less than `thresholdMs` left. */
export async function refreshSessionIfExpiring(thresholdMs: number): Promise<void> {
  const session = await fetchAuthSession();
  const expiresAt = session.tokens?.idToken?.payload.exp;
  if (typeof expiresAt !== 'number') return;
  if (expiresAt * 1000 - Date.now() < thresholdMs) await fetchAuthSession({ forceRefresh: true });
}

/** Forwards Amplify Hub auth events as the app's own events; returns the unsubscribe function. */
export function listenToAuthEvents(onEvent: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
        return onEvent('signedIn');
      case 'signedOut':
        return onEvent('signedOut');
      case 'tokenRefresh':
        return onEvent('tokenRefresh');
      case 'tokenRefresh_failure':
        return onEvent('tokenRefreshFailed');
      case 'signInWithRedirect':
        return onEvent('googleSignedIn');
      case 'signInWithRedirect_failure':
        return onEvent('googleSignInFailed');
    }
  });
}

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { apiKey } from './aws/secrets';
import { OAuthStateError } from './errors';

/** How long a user has to finish a provider's consent screen. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

const ISSUER = 'threadsnip:oauth-state';

/** Where the browser lands after a flow when the flow named no page of its own. */
export const DEFAULT_OAUTH_RETURN_PATH = '/account-settings';

export interface OAuthState {
  userId: string;
  /** The provider the flow was started for (`twitter`, `reddit`, …); a callback accepts only its own. */
  provider: string;
  /** The nonce, also the id of the stored single-use record. */
  nonce: string;
  /** The SPA path the browser returns to (always a same-origin path). */
  returnPath: string;
  /** What the flow's start knew and its end needs (e.g. the Mastodon instance); signed, so not forgeable. */
  context: Record<string, string>;
}

export interface OAuthStateOptions {
  returnPath?: string;
  context?: Record<string, string>;
}

async function signingSecret(): Promise<string> {
  const secret = await apiKey('OAUTH_STATE_SECRET');
  if (!secret) throw new Error('OAUTH_STATE_SECRET is not configured');
  if (secret.length < 32) throw new Error('OAUTH_STATE_SECRET is shorter than 32 characters');
  return secret;
}

/** Only a path of this site: `/x`, never `//host` or `/\host` (open redirects). */
export function safeReturnPath(path: string | undefined): string {
  if (!path || !/^\/(?![/\\])[\w\-./~%?=&]*$/.test(path) || path.length > 300) return DEFAULT_OAUTH_RETURN_PATH;
  return path;
}

/**
 * The PKCE code verifier of a flow, derived from its nonce with the state secret: the server can
 * recompute it at the callback without storing it, and nobody without the secret can.
 */
export async function pkceVerifier(nonce: string): Promise<string> {
  return createHmac('sha256', await signingSecret())
    .update(`pkce:${nonce}`)
    .digest('base64url');
}

/** The S256 challenge sent with the authorization request (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A signed state and what its single-use record stores. */
export interface SignedOAuthState {
  state: string;
  nonce: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * Signs the `state` for a signed-in user's OAuth redirect: an HS256 token naming the user, the
 * provider and a fresh nonce. It is single-use only once its nonce is stored (services/connections).
 */
export async function signOAuthState(
  userId: string,
  provider: string,
  now: Date,
  options: OAuthStateOptions = {},
): Promise<SignedOAuthState> {
  const nonce = randomBytes(24).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + OAUTH_STATE_TTL_SECONDS;
  const state = await new SignJWT({ ret: safeReturnPath(options.returnPath), ctx: options.context ?? {} })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(userId)
    .setAudience(provider)
    .setJti(nonce)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(await signingSecret()));
  return { state, nonce, expiresAt };
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Verifies a callback's `state`: signature, expiry and provider. Spending its stored nonce, so that a
 * replay fails, is the caller's part (services/connections).
 */
export async function verifyOAuthState(token: string, provider: string, now: Date): Promise<OAuthState> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(await signingSecret()), {
      issuer: ISSUER,
      audience: provider,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (!payload.sub || !payload.jti) throw new OAuthStateError();
    return {
      userId: payload.sub,
      provider,
      nonce: payload.jti,
      returnPath: safeReturnPath(typeof payload.ret === 'string' ? payload.ret : undefined),
      context: stringRecord(payload.ctx),
    };
  } catch {
    throw new OAuthStateError();
  }
}

import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { config } from './config';
import { OAuthStateError } from './errors';

/** How long a user has to finish a provider's consent screen. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

const ISSUER = 'threadsnip:oauth-state';

export interface OAuthState {
  userId: string;
  /** The provider the flow was started for (`twitter`, `reddit`, …); a callback accepts only its own. */
  provider: string;
  /** The nonce, also the id of the stored single-use record. */
  nonce: string;
}

function signingKey(): Uint8Array {
  const secret = config().oauthStateSecret;
  if (!secret) throw new Error('OAUTH_STATE_SECRET is not configured');
  return new TextEncoder().encode(secret);
}

/**
 * Issues the `state` for a signed-in user's OAuth redirect: an HS256-signed token naming the user,
 * the provider and a fresh nonce, and a stored record of the nonce so it can be used once.
 */
export async function issueOAuthState(userId: string, provider: string, now: Date): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + OAUTH_STATE_TTL_SECONDS;
  const { saveOAuthState } = await import('../data/oauth-state-repository');
  await saveOAuthState({ userId, provider, nonce, expiresAt });
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(userId)
    .setAudience(provider)
    .setJti(nonce)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signingKey());
}

/**
 * Verifies and spends a callback's `state`: signature, expiry and provider, then deletes the stored
 * nonce on the condition that it still exists for that user, so a replay or a forgery fails.
 */
export async function consumeOAuthState(token: string, provider: string, now: Date): Promise<OAuthState> {
  let userId: string;
  let nonce: string;
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ISSUER,
      audience: provider,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (!payload.sub || !payload.jti) throw new OAuthStateError();
    userId = payload.sub;
    nonce = payload.jti;
  } catch {
    throw new OAuthStateError();
  }
  const { deleteOAuthStateOnce } = await import('../data/oauth-state-repository');
  if (!(await deleteOAuthStateOnce(userId, nonce, provider))) throw new OAuthStateError();
  return { userId, provider, nonce };
}

import { deleteOAuthStateOnce, saveOAuthState } from '../../data/oauth-state-repository';
import { OAuthStateError } from '../../lib/errors';
import { type OAuthState, type OAuthStateOptions, signOAuthState, verifyOAuthState } from '../../lib/oauth-state';

/**
 * Issues the `state` for a signed-in user's OAuth redirect: the signed token, and a stored record of
 * its nonce so that it can be used once.
 */
export async function issueOAuthState(
  userId: string,
  provider: string,
  now: Date,
  options: OAuthStateOptions = {},
): Promise<{ state: string; nonce: string }> {
  const { state, nonce, expiresAt } = await signOAuthState(userId, provider, now, options);
  await saveOAuthState({ userId, provider, nonce, expiresAt });
  return { state, nonce };
}

/**
 * Verifies and spends a callback's `state`: signature, expiry and provider, then deletes the stored
 * nonce on the condition that it still exists for that user, so a replay or a forgery fails.
 */
export async function consumeOAuthState(token: string, provider: string, now: Date): Promise<OAuthState> {
  const state = await verifyOAuthState(token, provider, now);
  if (!(await deleteOAuthStateOnce(state.userId, state.nonce, provider))) throw new OAuthStateError();
  return state;
}

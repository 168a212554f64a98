import { deleteOAuthStateOnce, isOAuthStateUnspent, saveOAuthState } from '../../data/oauth-state-repository';
import { OAuthBrowserMismatchError, OAuthStateError } from '../../lib/errors';
import { hashOAuthBrowserKey, newOAuthBrowserKey } from '../../lib/oauth-browser-cookie';
import { type OAuthState, type OAuthStateOptions, signOAuthState, verifyOAuthState } from '../../lib/oauth-state';

/** A state issued to a signed-in user, and the key its browser must present to spend it. */
export interface IssuedOAuthState {
  state: string;
  nonce: string;
  /** The flow cookie's value: set on the browser that started the flow, only its hash is stored. */
  browserKey: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * Issues the `state` for a signed-in user's OAuth redirect: the signed token, a fresh browser key
 * for the flow's cookie, and a stored record of the nonce and the key's hash so that the state can
 * be used once, from that browser.
 */
export async function issueOAuthState(
  userId: string,
  provider: string,
  now: Date,
  options: OAuthStateOptions = {},
): Promise<IssuedOAuthState> {
  const { state, nonce, expiresAt } = await signOAuthState(userId, provider, now, options);
  const browserKey = newOAuthBrowserKey();
  await saveOAuthState({ userId, provider, nonce, browserHash: hashOAuthBrowserKey(browserKey), expiresAt });
  return { state, nonce, browserKey, expiresAt };
}

/**
 * Verifies and spends a callback's `state`: signature, expiry and provider, then deletes the stored
 * nonce on the condition that it still exists for that user and was issued to this browser, so a
 * replay or a forgery fails, and a consent link finished in another browser (no key, or another
 * flow's) spends nothing: the browser that started it can still finish.
 */
export async function consumeOAuthState(
  token: string,
  provider: string,
  browserKey: string | null,
  now: Date,
): Promise<OAuthState> {
  const state = await verifyOAuthState(token, provider, now);
  if (!browserKey) {
    if (await isOAuthStateUnspent(state.userId, state.nonce, provider)) throw new OAuthBrowserMismatchError();
    throw new OAuthStateError();
  }
  if (await deleteOAuthStateOnce(state.userId, state.nonce, provider, hashOAuthBrowserKey(browserKey))) return state;
  if (await isOAuthStateUnspent(state.userId, state.nonce, provider)) throw new OAuthBrowserMismatchError();
  throw new OAuthStateError();
}

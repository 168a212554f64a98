import { createHash, randomBytes } from 'node:crypto';

/**
 * The cookie that binds an OAuth flow to the browser that started it (RFC 9700 §4.7.1, CSRF and
 * cross-account consent): a random value set on the start's response, its hash stored with the
 * state, and the callback accepted only from a browser presenting the value. One cookie per
 * provider, scoped to that provider's callback path, so flows of two platforms in one browser do not
 * overwrite each other and no other route ever receives it.
 */

const COOKIE_PREFIX = 'threadsnip_oauth_';

/** The cookie's name for a provider's flow (`threadsnip_oauth_twitter`). */
export function oauthBrowserCookieName(provider: string): string {
  return `${COOKIE_PREFIX}${provider.replace(/[^a-z0-9]/gi, '')}`;
}

/** A fresh browser key (256 random bits, base64url): the cookie's value, never stored. */
export function newOAuthBrowserKey(): string {
  return randomBytes(32).toString('base64url');
}

/** What the state's record stores of a browser key: its SHA-256, base64url. */
export function hashOAuthBrowserKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * The `Set-Cookie` value of a flow's start: HttpOnly (no script reads it), Secure, SameSite=Lax (sent on
 * the provider's top-level redirect back, never on a cross-site subrequest), limited to the
 * callback's path and living as long as the state.
 */
export function oauthBrowserCookie(provider: string, key: string, callbackPath: string, maxAgeSeconds: number): string {
  return `${oauthBrowserCookieName(provider)}=${key}; Max-Age=${maxAgeSeconds}; Path=${callbackPath}; HttpOnly; Secure; SameSite=Lax`;
}

/** The `Set-Cookie` value that removes the flow's cookie once its state is spent. */
export function clearedOAuthBrowserCookie(provider: string, callbackPath: string): string {
  return oauthBrowserCookie(provider, '', callbackPath, 0);
}

/**
 * The provider's browser key from a request's cookies (API Gateway payload 2.0 passes them as the
 * `cookies` array; a `cookie` header is read too), or null when the browser sent none.
 */
export function readOAuthBrowserKey(
  request: { cookies?: string[]; headers?: Record<string, string | undefined> },
  provider: string,
): string | null {
  const name = oauthBrowserCookieName(provider);
  const pairs = [...(request.cookies ?? []), ...(request.headers?.cookie?.split(';') ?? [])];
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    if (/^[A-Za-z0-9_-]{20,200}$/.test(value)) return value;
  }
  return null;
}

import { isPlatform } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';

/** What an OAuth callback reported back to the page it returned to. */
export interface OAuthReturn {
  platform: Platform;
  outcome: 'connected' | 'failed';
  message: string | null;
  username: string | null;
}

const RESULT_PARAM = /^([a-z]+)_(connected|oauth_error)$/;

/**
 * Reads `{platform}_connected=true` or `{platform}_oauth_error=true` with `message` and `username`
 * from a query string; `rest` is the query without them, for replacing the address. Null when the
 * query carries no OAuth result.
 */
export function parseOAuthReturn(
  search: URLSearchParams,
): { notice: OAuthReturn | null; rest: URLSearchParams } | null {
  let notice: OAuthReturn | null = null;
  const rest = new URLSearchParams();
  let hasResult = false;
  for (const [key, value] of search) {
    const match = RESULT_PARAM.exec(key);
    if (match && isPlatform(match[1])) {
      hasResult = true;
      if (!notice && value === 'true') {
        notice = {
          platform: match[1],
          outcome: match[2] === 'connected' ? 'connected' : 'failed',
          message: null,
          username: null,
        };
      }
      continue;
    }
    rest.append(key, value);
  }
  if (!hasResult) return null;
  // message and username belong to the result, so they go with it.
  rest.delete('message');
  rest.delete('username');
  if (notice) {
    notice.message = search.get('message')?.trim() || null;
    notice.username = search.get('username')?.trim() || null;
  }
  return { notice, rest };
}

/** The server keeps return paths to these characters and length, else it returns to /account-settings. */
const MAX_RETURN_PATH = 300;
const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Where an OAuth flow started on this page returns: the path with its query percent-encoded the
 * way the server accepts (a /create flow restores from it), or the bare path when that is too long.
 */
export function oauthReturnPath(pathname: string, search: string): string {
  const params = [...new URLSearchParams(search)];
  if (params.length === 0) return pathname;
  const full = `${pathname}?${params.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')}`;
  return full.length <= MAX_RETURN_PATH ? full : pathname;
}

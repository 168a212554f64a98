import { describe, expect, it } from 'vitest';
import {
  clearedOAuthBrowserCookie,
  hashOAuthBrowserKey,
  newOAuthBrowserKey,
  oauthBrowserCookie,
  readOAuthBrowserKey,
} from '#functions/lib/oauth-browser-cookie';

const PATH = '/api/connections/twitter/callback';

describe('the OAuth flow cookie', () => {
  it('is HttpOnly, Secure, SameSite=Lax, limited to the callback path and to the state lifetime', () => {
    const key = newOAuthBrowserKey();

    const cookie = oauthBrowserCookie('twitter', key, PATH, 600);

    expect(cookie).toBe(`threadsnip_oauth_twitter=${key}; Max-Age=600; Path=${PATH}; HttpOnly; Secure; SameSite=Lax`);
    expect(clearedOAuthBrowserCookie('twitter', PATH)).toBe(
      `threadsnip_oauth_twitter=; Max-Age=0; Path=${PATH}; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it('carries a fresh 256-bit value each time, of which only a hash is kept', () => {
    const keys = new Set(Array.from({ length: 50 }, newOAuthBrowserKey));

    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
      expect(hashOAuthBrowserKey(key)).not.toContain(key);
    }
  });

  it("is read back from payload 2.0's cookies array or a Cookie header, for its own provider only", () => {
    const key = newOAuthBrowserKey();

    expect(readOAuthBrowserKey({ cookies: ['theme=dark', `threadsnip_oauth_reddit=${key}`] }, 'reddit')).toBe(key);
    expect(readOAuthBrowserKey({ headers: { cookie: `a=1; threadsnip_oauth_reddit=${key}; b=2` } }, 'reddit')).toBe(
      key,
    );
    expect(readOAuthBrowserKey({ cookies: [`threadsnip_oauth_twitter=${key}`] }, 'reddit')).toBeNull();
    expect(readOAuthBrowserKey({ cookies: ['threadsnip_oauth_reddit='] }, 'reddit')).toBeNull();
    expect(readOAuthBrowserKey({ cookies: ['threadsnip_oauth_reddit=not a key;x'] }, 'reddit')).toBeNull();
    expect(readOAuthBrowserKey({}, 'reddit')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalTokenRefresher, decodeJwt } from '#web/lib/auth';

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(payload)}.signature`;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createLocalTokenRefresher', () => {
  it('renews tokens with InitiateAuth REFRESH_TOKEN_AUTH and keeps the refresh token', async () => {
    const accessToken = jwt({ sub: 'user-1', iat: 1_700_000_000, exp: 1_700_003_600 });
    const idToken = jwt({ sub: 'user-1', email: 'ada@example.com', iat: 1_700_000_000 });
    const fetchMock = vi.fn(async () =>
      Response.json({ AuthenticationResult: { AccessToken: accessToken, IdToken: idToken } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const refresh = createLocalTokenRefresher('http://127.0.0.1:3000/local-auth', 'client-1');

    const tokens = await refresh({
      tokens: { accessToken: decodeJwt(accessToken), refreshToken: 'refresh-1', clockDrift: 0, username: 'user-1' },
      username: 'user-1',
    });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3000/local-auth');
    expect(new Headers(init.headers).get('X-Amz-Target')).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(String(init.body))).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.idToken?.payload.email).toBe('ada@example.com');
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.username).toBe('user-1');
  });

  it('fails when the endpoint refuses the refresh token', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Refresh Token has expired' }, { status: 400 }));
    const refresh = createLocalTokenRefresher('http://127.0.0.1:3000/local-auth', 'client-1');
    const accessToken = jwt({ sub: 'user-1', iat: 1 });
    await expect(
      refresh({
        tokens: { accessToken: decodeJwt(accessToken), refreshToken: 'old', clockDrift: 0, username: 'user-1' },
        username: 'user-1',
      }),
    ).rejects.toThrow(/HTTP 400/);
  });
});

describe('decodeJwt', () => {
  it('reads UTF-8 claims from a base64url payload', () => {
    const token = jwt({ name: 'Zoë 🎉', sub: 'x' });
    expect(decodeJwt(token).payload.name).toBe('Zoë 🎉');
  });
});

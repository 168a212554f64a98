/**
 * Speaks the Cognito JSON API to the local stack's auth endpoint (`/local-auth`), as Amplify does
 * from the browser, so integration tests get real tokens from the real sign-up and sign-in path.
 */
export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

async function cognitoCall<T>(baseUrl: string, action: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/local-auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`${action} failed: ${payload.__type ?? response.status} ${payload.message ?? ''}`);
  return payload;
}

async function clientId(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { userPoolClientId: string };
  return config.userPoolClientId;
}

/** Signs up through the local auth endpoint (confirmed at once locally). */
export async function signUp(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ UserConfirmed: boolean; UserSub: string }> {
  return cognitoCall(baseUrl, 'SignUp', {
    ClientId: await clientId(baseUrl),
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
}

/** Signs in with USER_PASSWORD_AUTH and returns the tokens. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Tokens> {
  const result = await cognitoCall<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string };
  }>(baseUrl, 'InitiateAuth', {
    ClientId: await clientId(baseUrl),
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const auth = result.AuthenticationResult;
  return { idToken: auth.IdToken, accessToken: auth.AccessToken, refreshToken: auth.RefreshToken };
}

/** Signs up and signs in a fresh user with a unique email. */
export async function newUser(
  baseUrl: string,
  prefix = 'curator',
): Promise<{ email: string; password: string; tokens: Tokens }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-7';
  await signUp(baseUrl, email, password);
  return { email, password, tokens: await signIn(baseUrl, email, password) };
}

/** fetch against the stack's API with an optional bearer token; returns status and parsed JSON. */
export async function api(
  baseUrl: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered and assert on it
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Connects the caller's Mastodon account on a local Mastodon stand-in through the real OAuth round
 * trip (authorize → the stand-in's consent → our callback); throws when the callback does not say so.
 */
export async function connectMastodon(baseUrl: string, token: string, instance: string): Promise<void> {
  const authorize = await fetch(`${baseUrl}/api/connections/mastodon/authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instance: `https://${instance}/`, username: '@alice', returnPath: '/account-settings' }),
  });
  const started = await authorize.json();
  if (authorize.status !== 200) throw new Error(`authorize answered ${authorize.status}: ${JSON.stringify(started)}`);
  const consent = await fetch(started.url, { redirect: 'manual' });
  // The same browser: the flow cookie the authorize answer set goes back to the callback.
  const cookie = authorize.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  const callback = await fetch(consent.headers.get('location') ?? '', { redirect: 'manual', headers: { cookie } });
  const landing = callback.headers.get('location') ?? '';
  if (!landing.includes('mastodon_connected=true')) throw new Error(`the callback sent the browser to ${landing}`);
}

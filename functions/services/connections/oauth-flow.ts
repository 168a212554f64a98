import {
  type ConfiguredPlatform,
  notConfiguredReason,
  type PlatformClient,
  platformClient,
} from '../../lib/platform-clients';
import {
  type OAuthClient,
  PlatformError,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  PlatformUnreachableError,
  type RateLimitResetForm,
  retryAfterSeconds,
} from '../publishing/platform-adapter';

/**
 * The OAuth 2.0 authorization-code flow's two HTTP halves, shared by every platform that connects
 * through a provider's consent screen (RFC 6749 §4.1, PKCE RFC 7636). Platform specifics (scopes,
 * extra parameters, how the client authenticates) are arguments; state and PKCE come from
 * functions/lib/oauth-state.ts.
 */

export interface AuthorizationRequest {
  authorizeUrl: string;
  client: OAuthClient;
  redirectUri: string;
  scopes: readonly string[];
  /** Most providers separate scopes with a space; Facebook takes commas. */
  scopeSeparator?: string;
  state: string;
  /** The S256 challenge, for providers that support PKCE. */
  codeChallenge?: string;
  /** Provider-specific parameters (`duration=permanent`, `permissions`, …). */
  extraParams?: Record<string, string>;
}

/** The consent screen's URL the browser is sent to. */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', request.scopes.join(request.scopeSeparator ?? ' '));
  url.searchParams.set('state', request.state);
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(request.extraParams ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** The operator's app for a platform, or a refusal naming it (the card says why before any flow starts). */
export async function configuredClient(platform: ConfiguredPlatform, displayName: string): Promise<PlatformClient> {
  const client = await platformClient(platform);
  if (!client) throw new PlatformRejectedError(notConfiguredReason(displayName));
  return client;
}

/** Tokens as the platform issued them. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires, when the provider says. */
  expiresAt: string | null;
  scope: string | null;
  /** The whole token response (some providers add fields: Discord's `guild`, Reddit's `scope`). */
  raw: Record<string, unknown>;
}

/** The stored grant no longer works (revoked, expired, app removed): the user must connect again. */
export class ReconnectRequiredError extends PlatformRejectedError {}

export interface TokenRequest {
  tokenUrl: string;
  client: OAuthClient;
  /** `basic`: HTTP Basic with id and secret (X, Reddit); `body`: both as form fields (Discord, Facebook, Mastodon). */
  clientAuth: 'basic' | 'body';
  params: Record<string, string>;
  now: Date;
  /** How the provider's x-ratelimit-reset counts (epoch unless it says otherwise: Reddit's is seconds from now). */
  rateLimitReset?: RateLimitResetForm;
  /** Extra headers (Reddit requires its own User-Agent form). */
  headers?: Record<string, string>;
  /** The platform's name in messages. */
  platformName: string;
  /** How to send the request: Mastodon's goes through the SSRF guard (its host is user input). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** POSTs a form to the token endpoint and maps the answer; errors carry no secret. */
export async function requestTokens(request: TokenRequest): Promise<TokenSet> {
  const form = new URLSearchParams(request.params);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    ...request.headers,
  };
  if (request.clientAuth === 'basic') {
    const encode = (value: string) => encodeURIComponent(value);
    const pair = `${encode(request.client.clientId)}:${encode(request.client.clientSecret ?? '')}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', request.client.clientId);
    if (request.client.clientSecret) form.set('client_secret', request.client.clientSecret);
  }
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(request.tokenUrl, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    // A custom fetch may say why itself (Mastodon's guard refusing a private address).
    if (error instanceof PlatformError) throw error;
    throw new PlatformUnreachableError(request.platformName, new URL(request.tokenUrl).host, error);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 429) {
    throw new PlatformRateLimitError(
      `${request.platformName} is rate limiting sign-ins`,
      retryAfterSeconds(response.headers, request.now, 30, request.rateLimitReset),
    );
  }
  if (response.status >= 500) throw new PlatformUnavailableError(`${request.platformName} answered ${response.status}`);
  const accessToken = body.access_token;
  if (!response.ok || typeof accessToken !== 'string' || !accessToken) {
    // Facebook's Graph answers { error: { message, code } } instead of RFC 6749's error strings.
    const graphError =
      typeof body.error === 'object' && body.error !== null ? (body.error as { message?: unknown }) : null;
    const reason = String(
      body.error_description ?? graphError?.message ?? body.error ?? body.message ?? `HTTP ${response.status}`,
    );
    // invalid_grant: the code or refresh token was revoked, expired or already used.
    if (body.error === 'invalid_grant' || response.status === 401) {
      throw new ReconnectRequiredError(`${request.platformName} authorization is no longer valid (${reason})`);
    }
    throw new PlatformRejectedError(`${request.platformName} refused the authorization: ${reason}`);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0
        ? new Date(request.now.getTime() + expiresIn * 1000).toISOString()
        : null,
    scope: typeof body.scope === 'string' ? body.scope : null,
    raw: body,
  };
}

/** Exchanges a callback's code for tokens (with the PKCE verifier when the flow used one). */
export function exchangeCode(
  request: Omit<TokenRequest, 'params'> & { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const { code, redirectUri, codeVerifier, ...rest } = request;
  return requestTokens({
    ...rest,
    params: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    },
  });
}

/** A new access token from a refresh token; a refused refresh is a ReconnectRequiredError. */
export async function refreshTokens(
  request: Omit<TokenRequest, 'params'> & { refreshToken: string },
): Promise<TokenSet> {
  const { refreshToken, ...rest } = request;
  try {
    const tokens = await requestTokens({
      ...rest,
      params: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
    // Providers that do not rotate refresh tokens leave the field out: keep the one we have.
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  } catch (error) {
    if (error instanceof PlatformRejectedError && !(error instanceof ReconnectRequiredError)) {
      throw new ReconnectRequiredError(error.message);
    }
    throw error;
  }
}

/** Refresh this long before the access token expires, so a publish never starts on a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** True when the credentials expire within the margin (or have expired). */
export function expiresSoon(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  return Date.parse(expiresAt) - now.getTime() < REFRESH_MARGIN_MS;
}

import * as oauth from 'oauth4webapi';
import { ReconnectRequiredError } from '#functions/lib/errors';
import {
  type Credentials,
  type OAuthClient,
  type OAuthSupport,
  PlatformRejectedError,
  type RateLimitResetForm,
} from './platform-adapter';
import {
  type ConfiguredPlatform,
  missingClientReason,
  notConfiguredReason,
  type PlatformClient,
  platformClient,
} from './platform-clients';
import { callPlatform, type PlatformApi, platformFailure, platformFetch, readJson } from './platform-http';

/**
 * The OAuth 2.0 authorization-code flow's two HTTP halves, shared by every platform that connects
 * through a provider's consent screen (RFC 6749 §4.1, PKCE RFC 7636). The token endpoint is
 * spoken to with oauth4webapi over the platforms' one transport (platform-http.ts); platform
 * specifics (scopes, extra parameters, how the client authenticates) are arguments; state and
 * PKCE come from functions/lib/oauth-state.ts. oauth4webapi has no authorization-URL builder, so
 * that URL is built here.
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

/**
 * The consent-screen half of a platform whose app the operator configures (X, Reddit, Facebook,
 * Threads): unavailable, with the reason, until the app is set; the authorization URL made from it.
 */
export function appConsentScreen(settings: {
  platform: ConfiguredPlatform;
  platformName: string;
  /** Read when a flow starts (the configuration is read on first use). */
  authorizeUrl: () => string;
  scopes: readonly string[];
  scopeSeparator?: string;
  /** Send PKCE's S256 challenge (providers that take it). */
  pkce?: boolean;
  extraParams?: Record<string, string>;
}): OAuthSupport {
  return {
    unavailableReason: () => missingClientReason(settings.platform, settings.platformName),
    async authorizationUrl(flow, deps) {
      return authorizationUrl({
        authorizeUrl: settings.authorizeUrl(),
        client: await configuredClient(settings.platform, settings.platformName),
        redirectUri: deps.redirectUri,
        scopes: settings.scopes,
        scopeSeparator: settings.scopeSeparator,
        state: flow.state,
        codeChallenge: settings.pkce ? flow.codeChallenge : undefined,
        extraParams: settings.extraParams,
      });
    },
  };
}

/**
 * The scopes the provider granted when the connection was made (`connectionData.grantedScopes`);
 * none for a connection made before they were recorded.
 */
export function grantedScopesOf(connection: { connectionData: Record<string, unknown> }): string[] {
  const granted = connection.connectionData.grantedScopes;
  return Array.isArray(granted) ? granted.filter((scope): scope is string => typeof scope === 'string') : [];
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

export interface TokenRequest {
  tokenUrl: string;
  client: OAuthClient;
  /** `basic`: HTTP Basic with id and secret (X, Reddit); `body`: both as form fields (Discord, Facebook, Mastodon). */
  clientAuth: 'basic' | 'body';
  now: Date;
  /** How the provider's x-ratelimit-reset counts (epoch unless it says otherwise: Reddit's is seconds from now). */
  rateLimitReset?: RateLimitResetForm;
  /** Extra headers (Reddit requires its own User-Agent form). */
  headers?: Record<string, string>;
  /** The platform's name in messages. */
  platformName: string;
  /** How to send the request (default: platformFetch); Mastodon's goes through the SSRF guard (its host is user input). */
  fetch?: typeof fetch;
  /** Threads answers the code exchange without `token_type` (RFC 6749 §5.1 requires it): read as this type. */
  assumedTokenType?: string;
  /**
   * The `iss` an OpenID provider puts in the ID token it sends with the tokens (LinkedIn's
   * `https://www.linkedin.com/oauth`); default the token endpoint's origin.
   */
  issuer?: string;
}

/**
 * HTTP Basic as the providers decode it: id and secret each percent-encoded with
 * encodeURIComponent. oauth4webapi's ClientSecretBasic form-encodes `-_.!~*'()` too (RFC 6749
 * §2.3.1), which providers that do not decode (Reddit, X) refuse.
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(clientSecret)}`;
    headers.set('authorization', `Basic ${Buffer.from(pair).toString('base64')}`);
  };
}

type TokenReply = Record<string, unknown> & { error?: unknown };

/** What the token endpoint's answers mean, in the platform errors every OAuth platform shares. */
function tokenEndpointApi(request: TokenRequest): PlatformApi<TokenReply> {
  const name = request.platformName;
  // Facebook's Graph answers { error: { message, code } } instead of RFC 6749's error strings.
  const reasonOf = ({ status, body }: { status: number; body: TokenReply | null }) => {
    const graphError =
      typeof body?.error === 'object' && body.error !== null ? (body.error as { message?: unknown }) : null;
    return String(body?.error_description ?? graphError?.message ?? body?.error ?? body?.message ?? `HTTP ${status}`);
  };
  const noLongerValid = (reply: { status: number; body: TokenReply | null }) =>
    new ReconnectRequiredError(`${name} authorization is no longer valid (${reasonOf(reply)})`);
  return {
    name,
    // Some providers (Reddit) refuse a code with a 200 that carries `error` and no token.
    succeeded: ({ status, body }) =>
      status >= 200 && status < 300 && typeof body?.access_token === 'string' && body.access_token !== '',
    rateLimitMessage: () => `${name} is rate limiting sign-ins`,
    resetForm: request.rateLimitReset,
    unauthorized: noLongerValid,
    // invalid_grant: the code or refresh token was revoked, expired or already used.
    refused: (reply) =>
      reply.body?.error === 'invalid_grant'
        ? noLongerValid(reply)
        : new PlatformRejectedError(`${name} refused the authorization: ${reasonOf(reply)}`),
  };
}

/**
 * One token-endpoint request through oauth4webapi: `send` makes it with the provider's metadata,
 * client and authentication; `process` validates a success. Failures are mapped first (oauth4webapi
 * reads only a 200), and errors carry no secret.
 */
async function tokenGrant(
  request: TokenRequest,
  send: (
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    auth: oauth.ClientAuth,
    options: oauth.TokenEndpointRequestOptions,
  ) => Promise<Response>,
  process: (
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    response: Response,
  ) => Promise<oauth.TokenEndpointResponse>,
): Promise<TokenSet> {
  const tokenUrl = new URL(request.tokenUrl);
  const as: oauth.AuthorizationServer = { issuer: request.issuer ?? tokenUrl.origin, token_endpoint: tokenUrl.href };
  const client: oauth.Client = { client_id: request.client.clientId };
  const secret = request.client.clientSecret;
  const auth =
    request.clientAuth === 'basic'
      ? clientSecretBasic(secret ?? '')
      : secret
        ? oauth.ClientSecretPost(secret)
        : oauth.None();
  const response = await send(as, client, auth, {
    [oauth.customFetch]: request.fetch ?? platformFetch(request.platformName),
    // Only the local fakes and test servers listen on plain http.
    ...(tokenUrl.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {}),
    headers: request.headers,
  });
  const reply = {
    status: response.status,
    headers: response.headers,
    body: (await readJson(response.clone())) as TokenReply | null,
  };
  const failure = platformFailure(tokenEndpointApi(request), reply, request.now);
  if (failure) throw failure;
  const typed =
    request.assumedTokenType && reply.body && reply.body.token_type === undefined
      ? new Response(JSON.stringify({ ...reply.body, token_type: request.assumedTokenType }), {
          status: response.status,
          headers: response.headers,
        })
      : response;
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await process(as, client, typed);
  } catch (error) {
    const mismatch = idTokenMismatch(request.platformName, error);
    if (mismatch) throw new PlatformRejectedError(mismatch);
    // A token answer RFC 6749 §5.1 would not accept (no token_type, a status other than 200…).
    throw new PlatformRejectedError(`${request.platformName} refused the authorization: unreadable token answer`);
  }
  return tokenSetOf(tokens, reply.body ?? {}, request.now);
}

/**
 * What did not match when an ID token's claim is not the one expected (the issuer, the audience):
 * "LinkedIn's ID token was issued by X, expected https://www.linkedin.com/oauth"; null for other failures.
 */
function idTokenMismatch(platformName: string, error: unknown): string | null {
  if (!(error instanceof oauth.OperationProcessingError) || error.code !== oauth.JWT_CLAIM_COMPARISON) return null;
  const cause = error.cause as { claim?: unknown; expected?: unknown; claims?: Record<string, unknown> } | undefined;
  if (typeof cause?.claim !== 'string') return null;
  const actual = cause.claims?.[cause.claim];
  const shown = typeof actual === 'string' ? actual : actual === undefined ? 'nothing' : JSON.stringify(actual);
  const expected = cause.expected === undefined ? '' : `, expected ${String(cause.expected)}`;
  return cause.claim === 'iss'
    ? `${platformName}'s ID token was issued by ${shown}${expected}`
    : `${platformName}'s ID token has ${cause.claim} ${shown}${expected}`;
}

function tokenSetOf(
  tokens: { access_token: string; refresh_token?: string; expires_in?: unknown; scope?: string },
  raw: Record<string, unknown>,
  now: Date,
): TokenSet {
  const expiresIn = Number(tokens.expires_in);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null,
    scope: tokens.scope ?? null,
    raw,
  };
}

/**
 * A token call the provider documents as a GET with its parameters in the query (Threads'
 * th_exchange_token and th_refresh_token), which oauth4webapi does not send (it POSTs every grant):
 * made on the platforms' HTTP client, its failures read as the token endpoint's.
 */
export async function providerTokenGet(request: TokenRequest & { params: Record<string, string> }): Promise<TokenSet> {
  const url = new URL(request.tokenUrl);
  for (const [name, value] of Object.entries(request.params)) url.searchParams.set(name, value);
  const reply = await callPlatform<TokenReply, TokenReply>(
    { ...tokenEndpointApi(request), fetch: request.fetch },
    { url: url.href, headers: request.headers },
    request.now,
  );
  // The endpoint's api counts only an answer carrying an access token as a success.
  return tokenSetOf(reply.body as { access_token: string; expires_in?: unknown }, reply.body, request.now);
}

/** Exchanges a callback's code for tokens (with the PKCE verifier when the flow used one). */
export function exchangeCode(
  request: TokenRequest & { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const { code, redirectUri, codeVerifier } = request;
  return tokenGrant(
    request,
    (as, client, auth, options) => {
      // The state was checked (signed, single use) before the callback got here.
      const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);
      return oauth.authorizationCodeGrantRequest(
        as,
        client,
        auth,
        callback,
        redirectUri,
        codeVerifier ?? oauth.nopkce,
        options,
      );
    },
    (as, client, response) => oauth.processAuthorizationCodeResponse(as, client, response),
  );
}

/** A grant of the provider's own (Facebook's fb_exchange_token) at the token endpoint. */
export function providerGrant(
  request: TokenRequest & { grantType: string; params: Record<string, string> },
): Promise<TokenSet> {
  return tokenGrant(
    request,
    (as, client, auth, options) =>
      oauth.genericTokenEndpointRequest(as, client, auth, request.grantType, request.params, options),
    (as, client, response) => oauth.processGenericTokenEndpointResponse(as, client, response),
  );
}

/** A new access token from a refresh token; a refused refresh is a ReconnectRequiredError. */
export async function refreshTokens(request: TokenRequest & { refreshToken: string }): Promise<TokenSet> {
  const { refreshToken } = request;
  try {
    const tokens = await tokenGrant(
      request,
      (as, client, auth, options) => oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options),
      (as, client, response) => oauth.processRefreshTokenResponse(as, client, response),
    );
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

/**
 * The refresh every OAuth platform with expiring tokens does (X, Reddit, Discord): null while the
 * access token has more than the margin left; otherwise the refresh grant, or a reconnection when
 * there is no refresh token.
 */
export async function refreshWhenDue(
  platformName: string,
  credentials: Credentials,
  now: Date,
  tokenRequest: () => Promise<TokenRequest>,
): Promise<Credentials | null> {
  if (!expiresSoon(credentials.expiresAt, now)) return null;
  const { refreshToken } = credentials;
  if (!refreshToken) throw new ReconnectRequiredError(`${platformName} authorization has expired`);
  const tokens = await refreshTokens({ ...(await tokenRequest()), refreshToken });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
}

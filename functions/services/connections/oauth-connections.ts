import { oauthErrorMessage } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { getRegisteredApp, type RegisteredApp, saveRegisteredAppOnce } from '../../data/oauth-app-repository';
import { config } from '../../lib/config';
import { DomainError, ReconnectRequiredError } from '../../lib/errors';
import type { HttpResult } from '../../lib/http-handler';
import { oauthBrowserCookie } from '../../lib/oauth-browser-cookie';
import { type OAuthState, pkceChallenge, pkceVerifier, safeReturnPath } from '../../lib/oauth-state';
import { adapterFor } from '../platforms/adapters';
import {
  type OAuthAppRegistry,
  type OAuthFlowDeps,
  type OAuthStartInput,
  type OAuthSupport,
  type PlatformAdapter,
  PlatformError,
} from '../platforms/platform-adapter';
import { assertPlatformsAvailable, ConnectionFailedError, storeConnection } from './connections';
import { issueOAuthState } from './oauth-state';
import { openToken, sealToken } from './token-vault';

/** The platform connects with credentials (Telegram, Bluesky), not through a consent screen. */
export class NotAnOAuthPlatformError extends DomainError {
  constructor(platform: Platform) {
    super(400, `${platformDisplayName(platform)} does not connect through a sign-in page.`, {}, 'not_oauth_platform');
  }
}

/** The operator has not configured the platform's app, so no flow can start. */
export class PlatformNotConfiguredError extends DomainError {
  constructor(reason: string) {
    super(400, reason, {}, 'platform_not_configured');
  }
}

/** The callback URL registered with every provider: one per platform, under the API. */
export function oauthRedirectUri(platform: Platform): string {
  return `${config().appPublicUrl.replace(/\/+$/, '')}/api/connections/${platform}/callback`;
}

/** Scopes in one canonical form (sorted, space-separated), so an app is found whatever their order. */
const scopeSetOf = (scopes: readonly string[]) => [...scopes].sort().join(' ');

/** Apps registered per server and scope set (Mastodon), their secrets sealed like user tokens. */
function appRegistry(platform: Platform): OAuthAppRegistry {
  const boundTo = (server: string, scopeSet: string) => `oauth-app#${platform}#${server}#${scopeSet}`;
  const opened = async (app: RegisteredApp, server: string, scopeSet: string): Promise<RegisteredApp> => ({
    clientId: app.clientId,
    clientSecret: app.clientSecret ? await openToken(app.clientSecret, boundTo(server, scopeSet)) : null,
  });
  return {
    async get(server, scopes) {
      const scopeSet = scopeSetOf(scopes);
      const stored = await getRegisteredApp(platform, server, scopeSet);
      return stored ? opened(stored, server, scopeSet) : null;
    },
    async putIfAbsent(server, scopes, client) {
      const scopeSet = scopeSetOf(scopes);
      const sealed = client.clientSecret ? await sealToken(client.clientSecret, boundTo(server, scopeSet)) : null;
      const kept = await saveRegisteredAppOnce(
        platform,
        server,
        scopeSet,
        { ...client, clientSecret: sealed },
        new Date(),
      );
      return kept.clientSecret === sealed ? client : opened(kept, server, scopeSet);
    },
  };
}

function flowDeps(platform: Platform, now: Date): OAuthFlowDeps {
  return { apps: appRegistry(platform), redirectUri: oauthRedirectUri(platform), now };
}

function oauthOf(platform: Platform): { adapter: PlatformAdapter; oauth: OAuthSupport } {
  const adapter = adapterFor(platform);
  if (!adapter.oauth) throw new NotAnOAuthPlatformError(platform);
  return { adapter, oauth: adapter.oauth };
}

/** A started flow: the consent screen's URL, and the `Set-Cookie` binding the flow to this browser. */
export interface StartedOAuthConnection {
  url: string;
  cookie: string;
}

/**
 * The start of a connection through a consent screen (X, Reddit, Discord, Facebook, Mastodon):
 * checks the platform is enabled and configured, lets the adapter check its input, then returns
 * the provider's URL carrying a signed single-use state (with PKCE's challenge), and the flow
 * cookie (HttpOnly, on the callback's path) without which the callback connects nothing.
 */
export async function beginOAuthConnection(
  userId: string,
  platform: Platform,
  input: OAuthStartInput & { returnPath?: string },
  now: Date,
): Promise<StartedOAuthConnection> {
  await assertPlatformsAvailable([platform]);
  const { oauth } = oauthOf(platform);
  const reason = await oauth.unavailableReason();
  if (reason) throw new PlatformNotConfiguredError(reason);
  const deps = flowDeps(platform, now);
  let context: Record<string, string>;
  try {
    context = (await oauth.prepare?.(input, deps)) ?? {};
  } catch (error) {
    if (error instanceof PlatformError || error instanceof ReconnectRequiredError) {
      throw new ConnectionFailedError(platform, error);
    }
    throw error;
  }
  const { state, nonce, browserKey, expiresAt } = await issueOAuthState(userId, platform, now, {
    returnPath: safeReturnPath(input.returnPath),
    context,
  });
  const url = await oauth.authorizationUrl(
    { state, codeChallenge: pkceChallenge(await pkceVerifier(nonce)), context },
    deps,
  );
  const maxAge = Math.max(1, expiresAt - Math.floor(now.getTime() / 1000));
  return { url, cookie: oauthBrowserCookie(platform, browserKey, new URL(deps.redirectUri).pathname, maxAge) };
}

/** The provider's answer at the callback: a code, or its error. */
export interface OAuthCallbackQuery {
  code?: string;
  error?: string;
  error_description?: string;
  [name: string]: string | undefined;
}

/** `{returnPath}?{platform}_connected=true&username=…` or `…_oauth_error=true&message=…` for that page. */
function backToApp(
  returnPath: string,
  platform: Platform,
  outcome: { username?: string } | { message: string },
): HttpResult {
  const url = new URL(returnPath, config().appPublicUrl);
  if ('message' in outcome) {
    url.searchParams.set(`${platform}_oauth_error`, 'true');
    url.searchParams.set('message', outcome.message);
  } else {
    url.searchParams.set(`${platform}_connected`, 'true');
    if (outcome.username) url.searchParams.set('username', outcome.username);
  }
  return { status: 302, headers: { location: url.toString() } };
}

/**
 * The end of the flow, after the state was verified and spent: exchanges the code through the
 * adapter, stores the connection (tokens sealed) and sends the browser back to the app.
 */
export async function completeOAuthConnection(
  platform: Platform,
  state: OAuthState,
  query: OAuthCallbackQuery,
  now: Date,
): Promise<HttpResult> {
  if (query.error || !query.code) {
    // No code and no error is a consent screen left without an answer: a cancellation too.
    const message = oauthErrorMessage(
      platformDisplayName(platform),
      query.error ?? 'access_denied',
      query.error_description,
    );
    return backToApp(state.returnPath, platform, { message: message.slice(0, 300) });
  }
  const { adapter } = oauthOf(platform);
  try {
    await assertPlatformsAvailable([platform]);
    const live = await adapter.connect({
      code: query.code,
      codeVerifier: await pkceVerifier(state.nonce),
      context: state.context,
      callbackQuery: Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      deps: flowDeps(platform, now),
    });
    const view = await storeConnection(state.userId, platform, live, now);
    return backToApp(state.returnPath, platform, { username: view.platformUsername ?? undefined });
  } catch (error) {
    if (error instanceof PlatformError || error instanceof DomainError) {
      return backToApp(state.returnPath, platform, { message: error.message });
    }
    throw error;
  }
}

/** Any failure before or outside the exchange (bad or replayed state, a bug): back to the app with a notice. */
export function oauthFailureRedirect(platform: Platform, error: Error): HttpResult {
  const message = error instanceof DomainError ? error.message : 'An error occurred during the connection process.';
  return backToApp(safeReturnPath(undefined), platform, { message });
}

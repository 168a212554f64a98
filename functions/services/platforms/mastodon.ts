import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError, ValidationError } from '#functions/lib/errors';
import { classifyAddress, describeBlockReason } from '#functions/lib/outbound/address-policy';
import { isPrivateHostAllowed } from '#functions/lib/outbound/host-guard';
import { platformMessages } from '#shared/messages/connections';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import {
  looksLikeMastodonHost,
  normaliseMastodonInstance,
  normaliseMastodonUsername,
} from '#shared/publishing/mastodon-instance';
import {
  MASTODON_DEFAULT_LIMIT,
  MASTODON_LINK_WEIGHT,
  type MastodonInstanceLimits,
  postRulesFor,
} from '#shared/publishing/platform-rules';
import { authorizationUrl as buildAuthorizationUrl, exchangeCode } from './oauth-flow';
import {
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthClient,
  type OAuthConnectInput,
  type OAuthFlowDeps,
  type PlatformAdapter,
  PlatformRejectedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply, platformFetch, readPlatform } from './platform-http';

/** What ThreadSnip asks of an account: to know who it is and to post (docs.joinmastodon.org/api/oauth-scopes). */
const SCOPES = ['read:accounts', 'write:statuses'] as const;
/** Mastodon's answers are small; an instance sending more is not read further. */
const MAX_ANSWER_BYTES = 1024 * 1024;

interface MastodonAccount {
  id: string;
  username: string;
}

interface MastodonStatus {
  id: string;
  url: string | null;
  uri: string;
}

/** The counts of GET /api/v1/statuses/:id (docs.joinmastodon.org/entities/Status). */
interface MastodonStatusFigures {
  favourites_count?: unknown;
  reblogs_count?: unknown;
  replies_count?: unknown;
}

interface MastodonInstance {
  configuration?: { statuses?: { max_characters?: number; characters_reserved_per_url?: number } };
}

/**
 * Every request to an instance (user input) goes through the article fetcher's SSRF guard: only
 * public addresses, or hosts in ALLOW_PRIVATE_FETCH_HOSTS; redirects are not followed.
 */
const instanceFetch = platformFetch('Mastodon', { guard: 'The instance' });

/** https://{instance}{path}; plain http only for hosts allowed to be private (local test servers). */
function instanceUrl(instance: string, path: string): string {
  const secure = new URL(`https://${instance}${path}`);
  return isPrivateHostAllowed(config().allowPrivateFetchHosts, secure) ? `http://${instance}${path}` : secure.href;
}

type InstanceError = { error?: unknown };

const reasonOf = ({ status, body }: PlatformReply<InstanceError>) =>
  typeof body?.error === 'string' ? body.error : `HTTP ${status}`;

/** How an instance's REST API words its failures (and what an answer from something else looks like). */
function instanceApi(instance: string): PlatformApi<InstanceError> {
  return {
    name: 'Mastodon',
    fetch: instanceFetch,
    maxBytes: MAX_ANSWER_BYTES,
    succeeded: ({ status, body }) => status >= 200 && status < 300 && !!body,
    // Mastodon's X-RateLimit-Reset is an ISO time.
    rateLimitMessage: (reply) => `Mastodon is rate limiting requests (${reasonOf(reply)})`,
    unavailableMessage: (reply) => `${instance} answered ${reply.status} (${reasonOf(reply)})`,
    unauthorized: (reply) =>
      new ReconnectRequiredError(
        `${instance} refused the access token (${reasonOf(reply)}). Reconnect Mastodon in Account Settings.`,
      ),
    refused: (reply) => {
      if (reply.status >= 300 && reply.status < 400) {
        return new PlatformRejectedError(`${instance} answered with a redirect, not as a Mastodon server.`);
      }
      if (typeof reply.body?.error !== 'string') {
        return new PlatformRejectedError(`${instance} did not answer as a Mastodon server (${reasonOf(reply)}).`);
      }
      return new PlatformRejectedError(reply.body.error);
    },
  };
}

/** One call to an instance's REST API, its failures mapped to the three platform error kinds. */
async function callInstance<T>(
  instance: string,
  path: string,
  options: {
    method?: 'GET' | 'POST';
    token?: string;
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
  },
): Promise<T> {
  const reply = await callPlatform<T, InstanceError>(instanceApi(instance), {
    method: options.method ?? 'GET',
    url: instanceUrl(instance, path),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    json: options.body,
  });
  return reply.body;
}

/**
 * The instance as typed, normalised and accepted: a domain name with a top-level part, an
 * IP address or `host:port`; a private IP address not allowed is refused before anything is sent to
 * it, a name resolving to one by the guard.
 */
function acceptedInstance(input: string | undefined): string {
  const instance = normaliseMastodonInstance(input ?? '');
  if (!instance) throw new ValidationError(platformMessages.mastodonServerRequired);
  let url: URL;
  try {
    url = new URL(`https://${instance}/`);
  } catch {
    throw new ValidationError(platformMessages.invalidMastodonInstance);
  }
  if (isPrivateHostAllowed(config().allowPrivateFetchHosts, url)) return instance;
  const literal = classifyAddress(url.hostname.replace(/^\[|\]$/g, ''));
  if (literal?.blocked) {
    throw new ValidationError(
      `The instance ${instance} is ${describeBlockReason(literal.reason)}, which cannot be reached for security reasons.`,
    );
  }
  if (!looksLikeMastodonHost(instance)) throw new ValidationError(platformMessages.invalidMastodonInstance);
  return instance;
}

/** The app ThreadSnip registered with this instance, registering it on first use (POST /api/v1/apps). */
async function registeredApp(instance: string, deps: OAuthFlowDeps): Promise<OAuthClient> {
  const known = await deps.apps.get(instance);
  if (known) return known;
  const app = await callInstance<{ client_id?: string; client_secret?: string }>(instance, '/api/v1/apps', {
    method: 'POST',
    body: {
      client_name: 'ThreadSnip',
      redirect_uris: deps.redirectUri,
      scopes: SCOPES.join(' '),
      website: config().appPublicUrl,
    },
  });
  if (!app.client_id) throw new PlatformRejectedError(`${instance} did not register the app.`);
  // Two flows racing on a new instance both go on with the app stored first.
  return deps.apps.putIfAbsent(instance, { clientId: app.client_id, clientSecret: app.client_secret ?? null });
}

async function knownApp(instance: string, deps: OAuthFlowDeps): Promise<OAuthClient> {
  const app = await deps.apps.get(instance);
  if (!app) throw new PlatformRejectedError(`ThreadSnip is not registered with ${instance}; please connect again.`);
  return app;
}

function instanceOf(connection: LiveConnection): string {
  return String(connection.connectionData.instance ?? '');
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

/** The instance's own limits (GET /api/v2/instance); Mastodon's defaults when it does not answer. */
async function instanceLimits(instance: string): Promise<MastodonInstanceLimits> {
  const statuses = await callInstance<MastodonInstance>(instance, '/api/v2/instance', {})
    .then((answer) => answer.configuration?.statuses)
    .catch(() => undefined);
  return {
    maxCharacters: positive(statuses?.max_characters, MASTODON_DEFAULT_LIMIT),
    charactersReservedPerUrl: positive(statuses?.characters_reserved_per_url, MASTODON_LINK_WEIGHT),
  };
}

/**
 * Mastodon, on any instance: the app registered once per instance, the OAuth authorization-code
 * flow with PKCE, statuses chained with in_reply_to_id, each sent with an Idempotency-Key so a
 * retried post is not made twice, within the instance's own character limit.
 */
export const mastodonAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'mastodon',
  imageLimits: IMAGE_LIMITS.mastodon,

  oauth: {
    // Nothing for the operator to configure: the app is registered with each instance on first use.
    unavailableReason: async () => null,

    async prepare(input, deps) {
      const instance = acceptedInstance(input.instance);
      const username = normaliseMastodonUsername(input.username ?? '');
      if (!username) throw new ValidationError(platformMessages.mastodonUsernameRequired);
      await registeredApp(instance, deps);
      return { instance, username };
    },

    async authorizationUrl(flow, deps) {
      const instance = flow.context.instance ?? '';
      return buildAuthorizationUrl({
        authorizeUrl: instanceUrl(instance, '/oauth/authorize'),
        client: await knownApp(instance, deps),
        redirectUri: deps.redirectUri,
        scopes: SCOPES,
        state: flow.state,
        // Mastodon 4.3+ checks PKCE; older servers ignore the challenge.
        codeChallenge: flow.codeChallenge,
      });
    },
  },

  async connect({ code, codeVerifier, context, deps }) {
    const instance = context.instance;
    if (!instance) throw new PlatformRejectedError('The Mastodon instance is missing; please connect again.');
    const tokens = await exchangeCode({
      tokenUrl: instanceUrl(instance, '/oauth/token'),
      client: await knownApp(instance, deps),
      clientAuth: 'body',
      code,
      redirectUri: deps.redirectUri,
      codeVerifier,
      now: deps.now,
      platformName: 'Mastodon',
      fetch: instanceFetch,
    });
    const account = await callInstance<MastodonAccount>(instance, '/api/v1/accounts/verify_credentials', {
      token: tokens.accessToken,
    });
    return {
      platformUsername: `@${account.username}@${instance}`,
      // Mastodon access tokens do not expire; they last until revoked.
      credentials: { accessToken: tokens.accessToken, refreshToken: null, expiresAt: null },
      // The limits as of connecting, for the share step's preview; publishing asks the instance again.
      connectionData: { instance, accountId: String(account.id), ...(await instanceLimits(instance)) },
    };
  },

  refreshCredentials: async () => null,

  listTargets: async (connection) => [
    { id: instanceOf(connection), name: connection.platformUsername ?? instanceOf(connection) },
  ],

  postRules: async (connection) => postRulesFor('mastodon', { mastodon: await instanceLimits(instanceOf(connection)) }),

  async publishPost(connection, post): Promise<MadePost> {
    const status = await callInstance<MastodonStatus>(instanceOf(connection), '/api/v1/statuses', {
      method: 'POST',
      token: connection.credentials.accessToken,
      // Mastodon answers a repeated key with the status it already made (for an hour).
      headers: { 'idempotency-key': post.idempotencyKey },
      body: {
        status: post.text,
        visibility: 'public',
        ...(post.parent ? { in_reply_to_id: post.parent.id } : {}),
        // ISO 639 (two letters): the instance refuses a code it does not know, so a longer tag is left out.
        ...(post.article.language && /^[a-z]{2}$/.test(post.article.language)
          ? { language: post.article.language }
          : {}),
      },
    });
    return { id: String(status.id), url: status.url ?? status.uri ?? null };
  },

  /** GET /api/v1/statuses/:id on the user's instance, through the outbound guard: favourites, reblogs, replies. */
  async readEngagement(connection, made) {
    const instance = instanceOf(connection);
    return Promise.all(
      made.map(async (post, position) => {
        const status = await readPlatform<MastodonStatusFigures, InstanceError>(instanceApi(instance), {
          url: instanceUrl(instance, `/api/v1/statuses/${encodeURIComponent(post.id)}`),
          headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
        });
        if (!status) return deletedPost(position, post);
        return {
          position,
          remoteId: post.id,
          deleted: false,
          metrics: figures({
            likes: status.favourites_count,
            reposts: status.reblogs_count,
            replies: status.replies_count,
          }),
        };
      }),
    );
  },
};

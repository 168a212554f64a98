import { setTimeout as pause } from 'node:timers/promises';
import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError, ValidationError } from '#functions/lib/errors';
import { classifyAddress, describeBlockReason } from '#functions/lib/outbound/address-policy';
import { isPrivateHostAllowed } from '#functions/lib/outbound/host-guard';
import { authorPostMessages, quoteRefusedBy } from '#shared/messages/author-posts';
import { platformMessages } from '#shared/messages/connections';
import { type AuthorPostCandidate, chooseAuthorPost } from '#shared/publishing/author-post';
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
import { appendImageFile, uploadOnce } from './media-uploads';
import { authorizationUrl as buildAuthorizationUrl, exchangeCode } from './oauth-flow';
import {
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthClient,
  type OAuthConnectInput,
  type OAuthFlowDeps,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
  PlatformUnavailableError,
  type QuotedPost,
  QuoteRefusedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply, platformFetch, readPlatform } from './platform-http';

/**
 * What ThreadSnip asks of an account: to know who it is, to post, to upload a post's pictures, and
 * to search (the author's own post to quote, with `resolve`) (docs.joinmastodon.org/api/oauth-scopes).
 */
const SCOPES = ['read:accounts', 'read:search', 'write:statuses', 'write:media'] as const;
/** The most one publishing attempt waits for the instance to process a post's pictures before retrying later. */
const MEDIA_PROCESSING_BUDGET_MS = 15_000;
const FIRST_MEDIA_POLL_MS = 500;
/** Mastodon's answers are small; an instance sending more is not read further. */
const MAX_ANSWER_BYTES = 1024 * 1024;

interface MastodonAccount {
  id: string;
  username: string;
}

/** docs.joinmastodon.org/entities/MediaAttachment: `url` is null until the instance has processed the file. */
interface MastodonMedia {
  id: string;
  url: string | null;
}

interface MastodonStatus {
  id: string;
  url: string | null;
  uri: string;
}

/** What the author's post search reads of a Status (docs.joinmastodon.org/entities/Status). */
interface MastodonStatusView {
  id?: unknown;
  url?: unknown;
  uri?: unknown;
  content?: unknown;
  created_at?: unknown;
  account?: { url?: unknown; acct?: unknown };
  card?: { url?: unknown } | null;
  /** Mastodon 4.5+: who may quote the status and how that applies to the token's user; absent before. */
  quote_approval?: { current_user?: unknown };
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

/**
 * The app ThreadSnip registered with this instance for SCOPES, registering it on first use (POST
 * /api/v1/apps): an app registered before write:media was asked for cannot be granted it.
 */
async function registeredApp(instance: string, deps: OAuthFlowDeps): Promise<OAuthClient> {
  const known = await deps.apps.get(instance, SCOPES);
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
  return deps.apps.putIfAbsent(instance, SCOPES, { clientId: app.client_id, clientSecret: app.client_secret ?? null });
}

async function knownApp(instance: string, deps: OAuthFlowDeps): Promise<OAuthClient> {
  const app = await deps.apps.get(instance, SCOPES);
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
 * Uploads one picture (POST /api/v2/media: `file`, its alt text as `description`). The instance
 * answers 200 with the attachment processed, or 202 with `url` null while it still processes it.
 */
async function uploadMedia(instance: string, token: string, image: OutgoingImage): Promise<MastodonMedia> {
  const form = new FormData();
  await appendImageFile(form, 'file', image);
  if (image.alt) form.append('description', image.alt);
  const api = instanceApi(instance);
  const { body: media } = await callPlatform<MastodonMedia, InstanceError>(
    {
      ...api,
      // A grant made before ThreadSnip posted pictures lacks write:media: only a new consent adds it.
      refused: (reply) =>
        reply.status === 403
          ? new ReconnectRequiredError(
              `${instance} did not allow ThreadSnip to upload images (${reasonOf(reply)}). Reconnect Mastodon in Account Settings.`,
            )
          : api.refused(reply),
    },
    {
      method: 'POST',
      url: instanceUrl(instance, '/api/v2/media'),
      headers: { authorization: `Bearer ${token}` },
      multipart: form,
    },
  );
  return { id: String(media.id), url: media.url ?? null };
}

/**
 * Reads each attachment (GET /api/v1/media/:id: 206 while processing, 200 with its `url` once done)
 * with back-off until all are processed: a status naming an unprocessed attachment is refused. Any
 * still processing after the budget (one for the post: the worker has 60 s) is a failure a retry may
 * fix, which reuses the recorded uploads. An attachment the instance no longer lists unattached (404)
 * was attached by an earlier attempt whose answer was lost: the status call, sent with the same
 * Idempotency-Key, answers with that status.
 */
async function waitUntilProcessed(instance: string, token: string, mediaIds: readonly string[]): Promise<void> {
  let pending = [...mediaIds];
  let waited = 0;
  let delay = FIRST_MEDIA_POLL_MS;
  for (;;) {
    const reads = await Promise.all(
      pending.map((id) =>
        readPlatform<MastodonMedia, InstanceError>(instanceApi(instance), {
          url: instanceUrl(instance, `/api/v1/media/${encodeURIComponent(id)}`),
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    // Done, or gone (404, read as null): nothing more to wait for.
    pending = pending.filter((_, position) => {
      const media = reads[position];
      return media !== null && media !== undefined && !media.url;
    });
    if (pending.length === 0) return;
    if (waited >= MEDIA_PROCESSING_BUDGET_MS) {
      throw new PlatformUnavailableError(`${instance} did not finish processing an image in time`);
    }
    const wait = Math.min(delay, MEDIA_PROCESSING_BUDGET_MS - waited);
    await pause(wait);
    waited += wait;
    delay *= 2;
  }
}

/** The post's pictures uploaded (once per run: recorded with saveStep) and processed: their ids for `media_ids`. */
async function postMedia(instance: string, token: string, post: OutgoingPost): Promise<string[]> {
  const processed = new Set<string>();
  const ids = await uploadOnce(post, post.images, IMAGE_LIMITS.mastodon, async (image) => {
    const media = await uploadMedia(instance, token, image);
    if (media.url) processed.add(media.id);
    return media.id;
  });
  const processing = ids.filter((id) => !processed.has(id));
  await waitUntilProcessed(instance, token, processing);
  return ids;
}

/**
 * Mastodon, on any instance: the app registered once per instance, the OAuth authorization-code
 * flow with PKCE, statuses chained with in_reply_to_id, each sent with an Idempotency-Key so a
 * retried post is not made twice, within the instance's own character limit; a post's pictures
 * uploaded first and named in `media_ids`.
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
    const instance = instanceOf(connection);
    const token = connection.credentials.accessToken;
    if (post.quote) await assertQuotable(instance, token, post.quote);
    const mediaIds = await postMedia(instance, token, post);
    const postStatus = () =>
      callInstance<MastodonStatus>(instance, '/api/v1/statuses', {
        method: 'POST',
        token,
        // Mastodon answers a repeated key with the status it already made (for an hour).
        headers: { 'idempotency-key': post.idempotencyKey },
        body: {
          status: post.text,
          visibility: 'public',
          ...(post.parent ? { in_reply_to_id: post.parent.id } : {}),
          ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
          ...(post.quote ? { quoted_status_id: post.quote.id } : {}),
          // ISO 639 (two letters): the instance refuses a code it does not know, so a longer tag is left out.
          ...(post.article.language && /^[a-z]{2}$/.test(post.article.language)
            ? { language: post.article.language }
            : {}),
        },
      });
    let status: MastodonStatus;
    try {
      status = await postStatus();
    } catch (error) {
      // The quote is what this post adds: a refusal of it is the quote's (the plain credit is tried next).
      if (post.quote && error instanceof PlatformRejectedError) {
        throw new QuoteRefusedError(quoteRefusedBy('Mastodon', error.message));
      }
      throw error;
    }
    return { id: String(status.id), url: status.url ?? status.uri ?? null };
  },

  authorPosts: {
    authorOf: (handles) => handles.fediverse ?? null,

    async find(connection, author, articleUrl) {
      const instance = instanceOf(connection);
      const token = connection.credentials.accessToken;
      const account = await authorAccountUrl(instance, token, author);
      if (!account) return null;
      const query = new URLSearchParams({ q: articleUrl, type: 'statuses', resolve: 'true', limit: '40' });
      const answer = await callInstance<{ statuses?: MastodonStatusView[] }>(instance, `/api/v2/search?${query}`, {
        token,
      });
      const statuses = Array.isArray(answer.statuses) ? answer.statuses : [];
      return chooseAuthorPost(
        statuses.map(candidateOf).filter((status) => status !== null),
        account,
        articleUrl,
      );
    },

    async verify(connection, author, articleUrl, postId) {
      const instance = instanceOf(connection);
      const token = connection.credentials.accessToken;
      if (!/^\d+$/.test(postId)) return null;
      const [account, status] = await Promise.all([
        authorAccountUrl(instance, token, author),
        readStatus(instance, token, postId),
      ]);
      const candidate = status ? candidateOf(status) : null;
      return account && candidate ? chooseAuthorPost([candidate], account, articleUrl) : null;
    },
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

/** A status as the curator's instance shows it (GET /api/v1/statuses/:id), or null when it is gone. */
function readStatus(instance: string, token: string, id: string): Promise<MastodonStatusView | null> {
  return readPlatform<MastodonStatusView, InstanceError>(instanceApi(instance), {
    url: instanceUrl(instance, `/api/v1/statuses/${encodeURIComponent(id)}`),
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The profile URL of the author's account `@user@domain` as the curator's instance knows it
 * (GET /api/v1/accounts/lookup): the identity a status's author is compared with; null when unknown.
 */
async function authorAccountUrl(instance: string, token: string, author: string): Promise<string | null> {
  const acct = author.replace(/^@/, '');
  const account = await readPlatform<{ url?: unknown; acct?: unknown }, InstanceError>(instanceApi(instance), {
    url: instanceUrl(instance, `/api/v1/accounts/lookup?${new URLSearchParams({ acct })}`),
    headers: { authorization: `Bearer ${token}` },
  });
  // The instance names its own accounts without their domain.
  const [user, domain] = acct.split('@');
  const named = text(account?.acct);
  const isAuthor = named === acct || (named === user && domain === instance.split(':')[0]);
  return isAuthor && typeof account?.url === 'string' ? account.url : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The links of a status: its content's anchors and its preview card. */
function linksOf(status: MastodonStatusView): string[] {
  const anchors = [...text(status.content).matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  return [...anchors, text(status.card?.url)].filter(Boolean);
}

function candidateOf(status: MastodonStatusView): AuthorPostCandidate | null {
  const id = text(status.id);
  const authorId = text(status.account?.url);
  if (!id || !authorId) return null;
  const acct = text(status.account?.acct);
  return {
    id,
    url: text(status.url) || text(status.uri),
    authorId,
    authorHandle: acct ? `@${acct}` : authorId,
    text: text(status.content).replace(/<[^>]*>/g, ' '),
    createdAt: text(status.created_at),
    links: linksOf(status),
  };
}

/**
 * Checks, just before the credit is made, that the quoted status can be quoted (Mastodon 4.5 quote
 * posts): gone, a server without quote posts (no `quote_approval`), or a policy denying the
 * curator is a QuoteRefusedError. A policy asking for the author's review is quoted, pending approval.
 */
async function assertQuotable(instance: string, token: string, quote: QuotedPost): Promise<void> {
  const status = await readStatus(instance, token, quote.id);
  if (!status) throw new QuoteRefusedError(authorPostMessages.deleted);
  if (!status.quote_approval) throw new QuoteRefusedError(authorPostMessages.serverCannotQuote);
  if (status.quote_approval.current_user === 'denied') throw new QuoteRefusedError(authorPostMessages.notAllowed);
}

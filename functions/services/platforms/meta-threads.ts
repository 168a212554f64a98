import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { quoteRefusedBy } from '#shared/messages/author-posts';
import { type AuthorPostCandidate, chooseAuthorPost } from '#shared/publishing/author-post';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { appConsentScreen, configuredClient, exchangeCode, providerTokenGet, type TokenRequest } from './oauth-flow';
import {
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthConnectInput,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  QuoteRefusedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply, readPlatform } from './platform-http';
import { postSteps } from './post-steps';

const PLATFORM_NAME = 'Threads';
/**
 * developers.facebook.com/docs/threads permissions: the profile (threads_basic), publishing
 * (threads_content_publish), replies and the reply quota (threads_manage_replies: the
 * threads_publishing_limit reply fields need it), reading replies back after a lost answer
 * (threads_read_replies), insights (threads_manage_insights), and finding the article author's own
 * post to quote (threads_keyword_search: the user's own posts until the app is approved for it,
 * public posts after).
 */
export const THREADS_SCOPES = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_replies',
  'threads_read_replies',
  'threads_manage_insights',
  'threads_keyword_search',
] as const;
const RECONNECT_MESSAGE = `${PLATFORM_NAME} no longer accepts this connection. Reconnect ${PLATFORM_NAME} in Account Settings.`;
const PERMISSION_MESSAGE = `${PLATFORM_NAME} did not grant ThreadSnip a permission it needs to publish (a permission was refused on the consent screen). Reconnect ${PLATFORM_NAME} and allow every permission.`;
/** Graph error codes of throttling sent without a 429 (API, user and app call limits). */
const RATE_LIMIT_CODES = new Set([4, 17, 613]);
/** Graph codes of a failure on Threads' side that a retry may fix. */
const TRANSIENT_CODES = new Set([1, 2]);
/** When Threads throttles without saying for how long, try again after this long. */
const DEFAULT_WAIT_SECONDS = 300;
/**
 * A long-lived token lasts 60 days and may be refreshed once it is a day old: refreshing once fewer
 * than 30 days are left keeps a profile that publishes monthly connected.
 */
const REFRESH_WHEN_LEFT_MS = 30 * 24 * 3_600_000;
/** The first look at a new container is at once; then after this long, doubling. */
const FIRST_POLL_MS = 250;

/** The media insights read back (developers.facebook.com/docs/threads/insights). */
const INSIGHT_METRICS = 'views,likes,replies,reposts,quotes';

interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
}

type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

const reasonOf = ({ status, body }: PlatformReply<{ error?: GraphError }>) =>
  body?.error?.error_user_msg ?? body?.error?.message ?? `${PLATFORM_NAME} answered ${status}`;

/** The Threads Graph API reports failures in the body's `error`, by code (a 429 goes the shared way). */
const metaThreadsApi: PlatformApi<{ error?: GraphError }> = {
  name: PLATFORM_NAME,
  succeeded: ({ status, body }) => status >= 200 && status < 300 && !body?.error,
  classify: (reply) => {
    const code = reply.body?.error?.code;
    if (reply.status !== 429 && code !== undefined && RATE_LIMIT_CODES.has(code)) {
      return new PlatformRateLimitError(`${PLATFORM_NAME} rate limit reached`, DEFAULT_WAIT_SECONDS);
    }
    // 190: the token expired or was revoked; 10 and 200: a permission was not granted.
    if (code === 190) return new ReconnectRequiredError(RECONNECT_MESSAGE);
    if (code === 10 || code === 200) return new ReconnectRequiredError(PERMISSION_MESSAGE);
    if (reply.body?.error?.is_transient || (code !== undefined && TRANSIENT_CODES.has(code))) {
      return new PlatformUnavailableError(`${PLATFORM_NAME} is unavailable (${reasonOf(reply)})`);
    }
    return undefined;
  },
  rateLimitFallback: 60,
  unavailableMessage: (reply) => `${PLATFORM_NAME} is unavailable (${reasonOf(reply)})`,
  refused: (reply) => new PlatformRejectedError(`${PLATFORM_NAME} refused the post: ${reasonOf(reply)}`),
};

/** One Graph call with the user's token in the query of a GET or the form of a POST; no message carries it. */
async function graph<T>(
  path: string,
  accessToken: string,
  request: { method: 'GET' | 'POST'; params: Record<string, string> },
): Promise<T> {
  const params = new URLSearchParams({ ...request.params, access_token: accessToken });
  const url = `${config().platformUrls.metaThreadsApi}${path}`;
  const reply = await callPlatform<T, { error?: GraphError }>(
    metaThreadsApi,
    request.method === 'GET' ? { url: `${url}?${params}` } : { method: 'POST', url, form: params },
  );
  return reply.body;
}

const appClient = () => configuredClient('threads', PLATFORM_NAME);

/** The token endpoints live at the API's origin, outside its version path. */
async function tokenRequest(path: string, now: Date): Promise<TokenRequest> {
  return {
    tokenUrl: `${new URL(config().platformUrls.metaThreadsApi).origin}${path}`,
    client: await appClient(),
    clientAuth: 'body',
    now,
    platformName: PLATFORM_NAME,
    assumedTokenType: 'bearer',
  };
}

const userIdOf = (connection: Pick<LiveConnection, 'connectionData'>) => String(connection.connectionData.userId ?? '');
const usernameOf = (connection: Pick<LiveConnection, 'connectionData'>) =>
  String(connection.connectionData.username ?? '');

interface PublishingLimit {
  quota_usage?: number;
  config?: { quota_total?: number };
  reply_quota_usage?: number;
  reply_config?: { quota_total?: number };
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The quota refusal: what the run needs and what the profile has left of its 24 hours. */
function quotaText(need: { posts: number; replies: number }, left: { posts: number; replies: number }): string {
  return (
    `${PLATFORM_NAME}' 24-hour publishing limit would be passed: this thread needs ` +
    `${count(need.posts, 'post', 'posts')} and ${count(need.replies, 'reply', 'replies')}, and the profile has ` +
    `${count(Math.max(0, left.posts), 'post', 'posts')} and ${count(Math.max(0, left.replies), 'reply', 'replies')} ` +
    'left. Try again once earlier posts are more than a day old.'
  );
}

async function containerStatus(containerId: string, token: string) {
  return graph<{ status?: ContainerStatus; error_message?: string }>(`/${containerId}`, token, {
    method: 'GET',
    params: { fields: 'status,error_message' },
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls the container with back-off until it is FINISHED (Threads prepares it after creation). An
 * ERROR or EXPIRED container fails the post; one still IN_PROGRESS after the configured wait is a
 * failure a retry may fix, which reuses the same container.
 */
async function waitUntilFinished(containerId: string, token: string, position: number): Promise<void> {
  const budget = config().threadsContainerWaitMs;
  let waited = 0;
  let delay = FIRST_POLL_MS;
  for (;;) {
    const { status, error_message } = await containerStatus(containerId, token);
    if (status === 'FINISHED') return;
    if (status === 'ERROR') {
      throw new PlatformRejectedError(
        `${PLATFORM_NAME} could not prepare post ${position}: ${error_message ?? 'UNKNOWN'}`,
      );
    }
    if (status === 'EXPIRED') {
      throw new PlatformRejectedError(`${PLATFORM_NAME} let post ${position} expire before it could be published`);
    }
    if (waited >= budget) {
      throw new PlatformUnavailableError(
        `${PLATFORM_NAME} did not finish preparing post ${position} in time (its container is still ${status ?? 'IN_PROGRESS'})`,
      );
    }
    const wait = Math.min(delay, budget - waited);
    await pause(wait);
    waited += wait;
    delay *= 2;
  }
}

interface ListedPost {
  id: string;
  text?: string;
  permalink?: string;
  is_reply?: boolean;
  is_reply_owned_by_me?: boolean;
}

/**
 * The post a published container became (its publish answer was lost, or its worker stopped before
 * recording it): the profile's threads since the run began, or the parent's replies, with the text.
 */
async function publishedPost(connection: LiveConnection, post: OutgoingPost): Promise<MadePost> {
  const token = connection.credentials.accessToken;
  let found: ListedPost | undefined;
  if (!post.parent) {
    // A minute's margin: Threads' clock and ours may differ a little.
    const since: Record<string, string> = post.runStartedAt
      ? { since: String(Math.floor(Date.parse(post.runStartedAt) / 1000) - 60) }
      : {};
    const listed = await graph<{ data?: ListedPost[] }>(`/${userIdOf(connection)}/threads`, token, {
      method: 'GET',
      params: { fields: 'id,text,permalink,is_reply', limit: '25', ...since },
    });
    found = listed.data?.find((candidate) => candidate.text === post.text && !candidate.is_reply);
  } else {
    const replies = await graph<{ data?: ListedPost[] }>(`/${post.parent.id}/replies`, token, {
      method: 'GET',
      params: { fields: 'id,text,is_reply_owned_by_me', reverse: 'true' },
    });
    found = replies.data?.find((candidate) => candidate.text === post.text && candidate.is_reply_owned_by_me);
  }
  if (!found) {
    throw new PlatformUnavailableError(`${PLATFORM_NAME} published post ${post.index + 1} but does not list it yet`);
  }
  return { id: found.id, url: post.parent ? null : (found.permalink ?? profileUrl(connection)) };
}

/** A picture's container fields: Threads fetches `image_url` itself (a short-lived public URL). */
async function imageFields(image: OutgoingImage): Promise<Record<string, string>> {
  return { media_type: 'IMAGE', image_url: await image.publicUrl(), ...(image.alt ? { alt_text: image.alt } : {}) };
}

/**
 * Makes the post's container (developers.facebook.com/docs/threads/posts): TEXT without pictures,
 * IMAGE with one, or a CAROUSEL of item containers (is_carousel_item=true) with several, each item
 * FINISHED before the carousel is made, as the docs require. Item ids are recorded as steps, so a
 * retry reuses them.
 */
async function createContainer(
  userId: string,
  token: string,
  post: OutgoingPost,
  steps: ReturnType<typeof postSteps>,
): Promise<string> {
  const common = {
    text: post.text,
    ...(post.parent ? { reply_to_id: post.parent.id } : {}),
    ...(post.quote ? { quote_post_id: post.quote.id } : {}),
  };
  let fields: Record<string, string> = { media_type: 'TEXT', ...common };
  if (post.images.length === 1) fields = { ...(await imageFields(post.images[0]!)), ...common };
  if (post.images.length > 1) {
    const children: string[] = [];
    for (const image of post.images) {
      const itemId = await steps.once(`item:${image.mediaId}`, async () =>
        newContainer(userId, token, { ...(await imageFields(image)), is_carousel_item: 'true' }),
      );
      children.push(itemId);
    }
    for (const itemId of children) await waitUntilFinished(itemId, token, post.index + 1);
    fields = { media_type: 'CAROUSEL', children: children.join(','), ...common };
  }
  return newContainer(userId, token, fields);
}

async function newContainer(userId: string, token: string, params: Record<string, string>): Promise<string> {
  const created = await graph<{ id?: string }>(`/${userId}/threads`, token, { method: 'POST', params });
  if (!created.id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the container's id`);
  return created.id;
}

const profileUrl = (connection: Pick<LiveConnection, 'connectionData'>) =>
  `https://www.threads.net/@${usernameOf(connection)}`;

/** The first post's permalink for the View link (the profile when Threads leaves it out, as for flagged media). */
async function permalinkOf(connection: LiveConnection, mediaId: string): Promise<string> {
  const media = await graph<{ permalink?: string }>(`/${mediaId}`, connection.credentials.accessToken, {
    method: 'GET',
    params: { fields: 'permalink' },
  }).catch(() => null);
  return media?.permalink ?? profileUrl(connection);
}

/** What a keyword search answers of each post: enough to match it and show it. */
const SEARCH_FIELDS = 'id,text,permalink,timestamp,username,link_attachment_url';

/** A post as GET /keyword_search answers it with SEARCH_FIELDS. */
interface SearchedPost {
  id?: unknown;
  text?: unknown;
  permalink?: unknown;
  timestamp?: unknown;
  username?: unknown;
  link_attachment_url?: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The author's Threads username from the profile links the article declares (threads.net or threads.com `/@name`). */
function threadsUsernameOf(profiles: readonly string[]): string | null {
  for (const profile of profiles) {
    if (!URL.canParse(profile)) continue;
    const url = new URL(profile);
    const name = /^\/@([A-Za-z0-9._]{1,30})\/?$/.exec(url.pathname)?.[1];
    if (/^(www\.)?threads\.(net|com)$/i.test(url.hostname) && name) return name.toLowerCase();
  }
  return null;
}

/** A searched post as the matching rules see it: its author's username, its preview link and its text's links. */
function candidateOf(post: SearchedPost): AuthorPostCandidate | null {
  const id = asText(post.id);
  const username = asText(post.username).toLowerCase();
  if (!/^\d+$/.test(id) || !username) return null;
  const body = asText(post.text);
  return {
    id,
    url: asText(post.permalink),
    authorId: username,
    authorHandle: `@${username}`,
    text: body,
    createdAt: asText(post.timestamp),
    links: [asText(post.link_attachment_url), ...(body.match(/https?:\/\/\S+/g) ?? [])].filter(Boolean),
  };
}

/**
 * The author's recent posts about the article (GET /keyword_search with q = the article's URL,
 * search_type=RECENT and author_username), as candidates; the caller keeps only the author's own.
 */
async function searchAuthorPosts(connection: LiveConnection, author: string, articleUrl: string) {
  const answer = await graph<{ data?: SearchedPost[] }>('/keyword_search', connection.credentials.accessToken, {
    method: 'GET',
    params: { q: articleUrl, search_type: 'RECENT', author_username: author, fields: SEARCH_FIELDS },
  });
  return (Array.isArray(answer.data) ? answer.data : []).map(candidateOf).filter((post) => post !== null);
}

/**
 * Threads (Meta): the Authorization Window (no PKCE), the code exchanged for a short-lived token and
 * that for a long-lived one (60 days, th_exchange_token), refreshed before it expires
 * (th_refresh_token). A thread is a chain of replies, each post in two steps: a TEXT, IMAGE or
 * CAROUSEL container (replying to the post before), polled until FINISHED, then threads_publish. The
 * container id (and a carousel's item ids) are recorded as the post's step, so a retry reuses them
 * and never makes a second one.
 */
export const metaThreadsAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'threads',
  imageLimits: IMAGE_LIMITS.threads,

  oauth: appConsentScreen({
    platform: 'threads',
    platformName: PLATFORM_NAME,
    authorizeUrl: () => config().platformUrls.threadsAuthorize,
    scopes: THREADS_SCOPES,
    scopeSeparator: ',',
  }),

  async connect(input) {
    const { now, redirectUri } = input.deps;
    const shortLived = await exchangeCode({
      ...(await tokenRequest('/oauth/access_token', now)),
      code: input.code,
      redirectUri,
    });
    const client = await appClient();
    const longLived = await providerTokenGet({
      ...(await tokenRequest('/access_token', now)),
      params: {
        grant_type: 'th_exchange_token',
        client_secret: client.clientSecret ?? '',
        access_token: shortLived.accessToken,
      },
    });
    const me = await graph<{ id?: string; username?: string }>('/me', longLived.accessToken, {
      method: 'GET',
      params: { fields: 'id,username' },
    });
    if (!me.id || !me.username) throw new PlatformRejectedError(`${PLATFORM_NAME} did not say which profile this is`);
    return {
      platformUsername: `@${me.username}`,
      credentials: { accessToken: longLived.accessToken, refreshToken: null, expiresAt: longLived.expiresAt },
      connectionData: { userId: me.id, username: me.username },
    };
  },

  renewsOwnToken: true,

  /** The long-lived token refreshes itself (it is its own refresh credential); an expired one cannot be. */
  async refreshCredentials(connection, now) {
    const { accessToken, expiresAt } = connection.credentials;
    if (!expiresAt) return null;
    const left = Date.parse(expiresAt) - now.getTime();
    if (left > REFRESH_WHEN_LEFT_MS) return null;
    if (left <= 0) throw new ReconnectRequiredError(`${PLATFORM_NAME} authorization has expired`);
    const tokens = await providerTokenGet({
      ...(await tokenRequest('/refresh_access_token', now)),
      params: { grant_type: 'th_refresh_token', access_token: accessToken },
    });
    return { accessToken: tokens.accessToken, refreshToken: null, expiresAt: tokens.expiresAt };
  },

  listTargets: async (connection) => [{ id: usernameOf(connection), name: connection.platformUsername ?? '' }],

  postRules: async () => postRulesFor('threads'),

  async beforeRun(connection, { remaining, made }) {
    if (remaining === 0) return;
    const [limit] =
      (
        await graph<{ data?: PublishingLimit[] }>(
          `/${userIdOf(connection)}/threads_publishing_limit`,
          connection.credentials.accessToken,
          { method: 'GET', params: { fields: 'quota_usage,config,reply_quota_usage,reply_config' } },
        )
      ).data ?? [];
    if (!limit) return;
    const need = { posts: made === 0 ? 1 : 0, replies: made === 0 ? remaining - 1 : remaining };
    const left = {
      posts: (limit.config?.quota_total ?? 250) - (limit.quota_usage ?? 0),
      replies: (limit.reply_config?.quota_total ?? 1000) - (limit.reply_quota_usage ?? 0),
    };
    if (need.posts > left.posts || need.replies > left.replies) throw new PlatformRejectedError(quotaText(need, left));
  },

  async publishPost(connection, post): Promise<MadePost> {
    const token = connection.credentials.accessToken;
    const userId = userIdOf(connection);
    const position = post.index + 1;
    let containerId: string | null = null;
    const stored = post.step?.containerId;
    if (stored) {
      const { status } = await containerStatus(stored, token);
      if (status === 'PUBLISHED') return publishedPost(connection, post);
      // An ERROR or EXPIRED container can never be published, so a new one cannot post twice.
      if (status === 'IN_PROGRESS' || status === 'FINISHED') containerId = stored;
    }
    if (!containerId) {
      const steps = postSteps(post);
      try {
        containerId = await createContainer(userId, token, post, steps);
      } catch (error) {
        // The quote is what this post adds: Threads refusing it (deleted, not quotable) is the quote's.
        if (post.quote && error instanceof PlatformRejectedError) {
          throw new QuoteRefusedError(
            quoteRefusedBy(PLATFORM_NAME, error.message.replace(/^.*refused the post: /, '')),
          );
        }
        throw error;
      }
      await steps.record('containerId', containerId);
    }
    await waitUntilFinished(containerId, token, position);
    let published: { id?: string };
    try {
      published = await graph<{ id?: string }>(`/${userId}/threads_publish`, token, {
        method: 'POST',
        params: { creation_id: containerId },
      });
    } catch (error) {
      // The answer may have been lost after Threads published: the container says whether it did.
      if (!(error instanceof PlatformUnavailableError)) throw error;
      const after = await containerStatus(containerId, token).catch(() => null);
      if (after?.status !== 'PUBLISHED') throw error;
      return publishedPost(connection, post);
    }
    if (!published.id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the post's id`);
    return { id: published.id, url: post.parent ? null : await permalinkOf(connection, published.id) };
  },

  /**
   * The author's own post about the article: the author's username from the article's Threads
   * profile link; a keyword search for the article's URL by that author (threads_keyword_search,
   * 2,200 queries a day per user, free like the insights reads). A result counts only when its
   * username is the author's and its links hold the article; a chosen id is checked again the same
   * way, since another profile's post cannot be read by id.
   */
  authorPosts: {
    authorOf: (handles) => threadsUsernameOf(handles.profiles),

    async find(connection, author, articleUrl) {
      return chooseAuthorPost(await searchAuthorPosts(connection, author, articleUrl), author, articleUrl);
    },

    async verify(connection, author, articleUrl, postId) {
      const found = (await searchAuthorPosts(connection, author, articleUrl)).filter((post) => post.id === postId);
      return chooseAuthorPost(found, author, articleUrl);
    },
  },

  /**
   * GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes (threads_manage_insights):
   * one call per post. A media id Threads no longer knows (404, or Graph error 100 "does not exist") is gone.
   */
  async readEngagement(connection, made, now) {
    const params = new URLSearchParams({ metric: INSIGHT_METRICS, access_token: connection.credentials.accessToken });
    return Promise.all(
      made.map(async (post, position) => {
        const answer = await readPlatform<
          { data?: { name?: unknown; values?: { value?: unknown }[] }[] },
          {
            error?: GraphError;
          }
        >(
          metaThreadsApi,
          { url: `${config().platformUrls.metaThreadsApi}/${encodeURIComponent(post.id)}/insights?${params}` },
          now,
          (reply) => reply.status === 404 || (reply.body?.error?.code === 100 && reply.body.error.error_subcode === 33),
        );
        if (!answer) return deletedPost(position, post);
        const value = (name: string) => answer.data?.find((metric) => metric.name === name)?.values?.[0]?.value;
        return {
          position,
          remoteId: post.id,
          deleted: false,
          metrics: figures({
            views: value('views'),
            likes: value('likes'),
            replies: value('replies'),
            reposts: value('reposts'),
            quotes: value('quotes'),
          }),
        };
      }),
    );
  },
};

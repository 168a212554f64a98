import twitterText from 'twitter-text';
import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { authorPostMessages, quoteRefusedBy } from '#shared/messages/author-posts';
import { type AuthorPostCandidate, chooseAuthorPost } from '#shared/publishing/author-post';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import {
  appConsentScreen,
  configuredClient,
  exchangeCode,
  grantedScopesOf,
  refreshWhenDue,
  type TokenRequest,
} from './oauth-flow';
import {
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthConnectInput,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
  PlatformUnavailableError,
  QuoteRefusedError,
  retryAfterSeconds,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply, readPlatform } from './platform-http';
import { type ExpiringStep, postSteps } from './post-steps';

const PLATFORM_NAME = 'Twitter/X';
/** GET /2/tweets takes at most 100 ids. */
const IDS_PER_LOOKUP = 100;
/** X's epoch: the bits of a post's Snowflake id above the 22nd count milliseconds from it (docs.x.com, "X IDs"). */
const X_EPOCH_MS = 1_288_834_974_657;
/**
 * Non-public metrics (URL link clicks) are given only for posts made within the last 30 days
 * (docs.x.com, metrics); asked a day short of that, so a post never crosses the line mid-request.
 */
const NON_PUBLIC_METRICS_MS = 29 * 86_400_000;

/** When an X post was made, read from its Snowflake id. */
function postedAtOf(id: string): number {
  return Number(BigInt(id) >> 22n) + X_EPOCH_MS;
}
/**
 * docs.x.com OAuth 2.0 scopes: read and write posts, read the profile, a refresh token
 * (offline.access), and picture uploads (media.write: POST /2/media/upload and /2/media/metadata).
 */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'] as const;
/** An upload X is still processing is looked at again for at most this long in all. */
const MAX_PROCESSING_WAIT_MS = 10_000;
/**
 * A recorded media id is reused only if X still knows it this long after the attempt starts (X
 * forgets an id `expires_after_secs` after the upload, a day for a picture): far more than an
 * attempt takes, so a retry after a long rate-limit wait uploads again instead of naming a dead id.
 */
const MEDIA_ID_MARGIN_MS = 60 * 60 * 1000;
const RECONNECT_MESSAGE = `${PLATFORM_NAME} no longer accepts this connection. Reconnect ${PLATFORM_NAME} in Account Settings.`;

/** An X API v2 error body: a problem document (`title`, `detail`) and/or `errors[]`. */
interface ApiProblem {
  title?: string;
  detail?: string;
  errors?: { message?: string }[];
}

/** The reset of the user's daily post cap when a 429 says it is spent (x-user-limit-24hour-remaining 0). */
const dailyCapReset = (headers: Headers) =>
  (headers.get('x-user-limit-24hour-remaining') === '0' && headers.get('x-user-limit-24hour-reset')) || null;

/** How long a 429 asks us to wait: the 15-minute window's x-rate-limit-reset, or the daily cap's own reset. */
function rateLimitWait(headers: Headers, now: Date): number {
  const dailyReset = dailyCapReset(headers);
  if (dailyReset) return retryAfterSeconds(new Headers({ 'x-rate-limit-reset': dailyReset }), now);
  return retryAfterSeconds(headers, now);
}

const appClient = () => configuredClient('twitter', PLATFORM_NAME);

/** The token endpoint's fixed parts: a confidential client authenticates with HTTP Basic. */
async function tokenRequest(now: Date): Promise<TokenRequest> {
  return {
    tokenUrl: `${config().platformUrls.twitterApi}/2/oauth2/token`,
    client: await appClient(),
    clientAuth: 'basic',
    now,
    platformName: PLATFORM_NAME,
  };
}

/** X's refusal of a post whose text the account already posted. */
class DuplicatePostError extends PlatformRejectedError {}

// An invalid request's `detail` is generic ('One or more parameters…'): its first error says which and why.
const reasonOf = ({ status, body }: PlatformReply<ApiProblem>) =>
  body?.errors?.[0]?.message ?? body?.detail ?? body?.title ?? `${PLATFORM_NAME} answered ${status}`;

/** How the X API v2 words its failures. */
const xApi: PlatformApi<ApiProblem> = {
  name: PLATFORM_NAME,
  rateLimitWait: ({ headers }, now) => rateLimitWait(headers, now),
  rateLimitMessage: ({ headers }) =>
    dailyCapReset(headers) ? `${PLATFORM_NAME} daily post limit reached` : `${PLATFORM_NAME} rate limit reached`,
  unavailableMessage: (reply) => `${PLATFORM_NAME} is unavailable (${reasonOf(reply)})`,
  // Tokens are refreshed before they expire, so a 401 means the grant was revoked: refreshing here
  // could not store X's rotated refresh token, so the user reconnects.
  unauthorized: () => new ReconnectRequiredError(RECONNECT_MESSAGE),
  refused: (reply) => {
    const reason = reasonOf(reply);
    return reply.status === 403 && /duplicate content/i.test(reason)
      ? new DuplicatePostError(`${PLATFORM_NAME} refused the post: ${reason}`)
      : new PlatformRejectedError(`${PLATFORM_NAME} refused the post: ${reason}`);
  },
};

/**
 * The media endpoints (upload, its STATUS, metadata), which need media.write: a 403 there is a grant
 * made before ThreadSnip posted pictures, which only a new consent extends.
 */
const mediaApi: PlatformApi<ApiProblem> = {
  ...xApi,
  refused: (reply) =>
    reply.status === 403
      ? new ReconnectRequiredError(
          `${PLATFORM_NAME} did not allow ThreadSnip to upload pictures (${reasonOf(reply)}). Reconnect ${PLATFORM_NAME} in Account Settings to post pictures.`,
        )
      : xApi.refused(reply),
};

/** One X API v2 call with the user's bearer token; failures mapped to the publishing error classes. */
async function callApi<T>(
  accessToken: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  now: Date,
  api: PlatformApi<ApiProblem> = xApi,
): Promise<T> {
  const reply = await callPlatform<T, ApiProblem>(
    api,
    {
      method: init.method,
      url: `${config().platformUrls.twitterApi}${path}`,
      headers: { authorization: `Bearer ${accessToken}` },
      json: init.body,
    },
    now,
  );
  return reply.body;
}

/**
 * POST /2/media/upload's answer (and its STATUS read's): the media id, the seconds until X forgets
 * it and, while X works on it, its state.
 */
interface UploadedMedia {
  data?: {
    id?: string;
    expires_after_secs?: number;
    processing_info?: { state?: string; check_after_secs?: number; error?: { message?: string } };
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one picture in one request (POST /2/media/upload, the file base64-encoded in a JSON body,
 * media_category tweet_image) and returns its media id, with when X forgets it, once X can attach
 * it: an answer with `processing_info` is read again (GET ?command=STATUS) after `check_after_secs`
 * until its state, pending → in_progress → failed | succeeded, is done.
 */
async function uploadImage(accessToken: string, image: OutgoingImage, now: Date): Promise<ExpiringStep> {
  const uploaded = await callApi<UploadedMedia>(
    accessToken,
    '/2/media/upload',
    {
      method: 'POST',
      body: {
        media: Buffer.from(await image.read()).toString('base64'),
        media_category: 'tweet_image',
        media_type: image.mimeType,
      },
    },
    now,
    mediaApi,
  );
  const id = uploaded.data?.id;
  if (!id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the picture's media id`);
  let processing = uploaded.data?.processing_info;
  let waited = 0;
  while (processing && processing.state !== 'succeeded') {
    if (processing.state === 'failed') {
      throw new PlatformRejectedError(
        `${PLATFORM_NAME} could not process a picture: ${processing.error?.message ?? 'processing failed'}`,
      );
    }
    const wait = Math.max(1, processing.check_after_secs ?? 1) * 1000;
    if (waited + wait > MAX_PROCESSING_WAIT_MS) {
      throw new PlatformUnavailableError(`${PLATFORM_NAME} is still processing a picture`);
    }
    await pause(wait);
    waited += wait;
    const status = await callApi<UploadedMedia>(
      accessToken,
      `/2/media/upload?${new URLSearchParams({ command: 'STATUS', media_id: id })}`,
      { method: 'GET' },
      now,
      mediaApi,
    );
    processing = status.data?.processing_info;
  }
  // An id whose lifetime X leaves out counts as expiring at once: a retry uploads the picture again.
  const lifetimeMs = (uploaded.data?.expires_after_secs ?? 0) * 1000;
  return { value: id, expiresAt: new Date(now.getTime() + lifetimeMs) };
}

/**
 * The post's pictures as X media ids, in order: each uploaded once per run (its id and expiry
 * recorded with saveStep, the id reused by a retry while X still knows it), its alt text set
 * through POST /2/media/metadata (set again on a retry, which only repeats the same text).
 */
async function attachedMedia(accessToken: string, post: OutgoingPost): Promise<string[]> {
  const { now } = post;
  const steps = postSteps(post);
  const neededUntil = new Date(now.getTime() + MEDIA_ID_MARGIN_MS);
  const mediaIds: string[] = [];
  for (const image of post.images) {
    const mediaId = await steps.onceValidUntil(`media:${image.mediaId}`, neededUntil, () =>
      uploadImage(accessToken, image, now),
    );
    if (image.alt) {
      await callApi(
        accessToken,
        '/2/media/metadata',
        { method: 'POST', body: { id: mediaId, metadata: { alt_text: { text: image.alt } } } },
        now,
        mediaApi,
      );
    }
    mediaIds.push(mediaId);
  }
  return mediaIds;
}

/** A post's text for comparison with X's copy of it, which shows links as t.co links and escapes &, < and >. */
function comparable(text: string, served: boolean): string {
  if (served) {
    return text
      .replace(/https:\/\/t\.co\/\w+/g, '\u0000')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  let plain = '';
  let last = 0;
  for (const { indices } of twitterText.extractUrlsWithIndices(text)) {
    plain += `${text.slice(last, indices[0])}\u0000`;
    last = indices[1];
  }
  return plain + text.slice(last);
}

interface TimelinePost {
  id: string;
  text: string;
  referenced_tweets?: { type: string; id: string }[];
}

/**
 * The account's post of this run that X calls a duplicate: same text, replying to the same post,
 * made since the run started (GET /2/users/:id/tweets). X takes no idempotency key, so a post
 * whose answer was lost is found this way instead of failing the thread; a thread posted again
 * later is still refused as a duplicate, since its earlier posts predate the run.
 */
async function postMadeThisRun(
  connection: LiveConnection,
  post: OutgoingPost,
  now: Date,
): Promise<TimelinePost | null> {
  const userId = String(connection.connectionData.userId ?? '');
  if (!userId || !post.runStartedAt) return null;
  const query = new URLSearchParams({
    max_results: '10',
    start_time: new Date(post.runStartedAt).toISOString(),
    'tweet.fields': 'referenced_tweets',
  });
  const timeline = await callApi<{ data?: TimelinePost[] }>(
    connection.credentials.accessToken,
    `/2/users/${encodeURIComponent(userId)}/tweets?${query}`,
    { method: 'GET' },
    now,
  );
  const wanted = comparable(post.text, false);
  return (
    timeline.data?.find((candidate) => {
      const repliesTo = candidate.referenced_tweets?.find((reference) => reference.type === 'replied_to')?.id ?? null;
      return comparable(candidate.text, true) === wanted && repliesTo === (post.parent?.id ?? null);
    }) ?? null
  );
}

function usernameOf(connection: { connectionData: Record<string, unknown> }): string {
  return String(connection.connectionData.username ?? '');
}

/** Recent search takes 10 to 100 results a page; the author's posts about one article fit in one. */
const SEARCH_RESULTS = 100;
/** What a post read for quoting asks X for: its author, date and links (entities.urls, expanded). */
const QUOTE_READ_FIELDS = {
  'tweet.fields': 'author_id,created_at,entities',
  expansions: 'author_id',
  'user.fields': 'username',
} as const;

/** A post as GET /2/tweets/search/recent and GET /2/tweets/:id answer it with QUOTE_READ_FIELDS. */
interface XPostView {
  id?: unknown;
  text?: unknown;
  author_id?: unknown;
  created_at?: unknown;
  entities?: { urls?: { expanded_url?: unknown; unwound_url?: unknown; url?: unknown }[] };
}
interface XIncludes {
  users?: { id?: unknown; username?: unknown }[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An X post read for quoting, as the matching rules see it: its author's id and its expanded links. */
function candidateOf(post: XPostView, includes: XIncludes | undefined): AuthorPostCandidate | null {
  const id = text(post.id);
  const authorId = text(post.author_id);
  if (!/^\d+$/.test(id) || !authorId) return null;
  const username = text(includes?.users?.find((user) => text(user.id) === authorId)?.username);
  return {
    id,
    url: `https://x.com/${username || 'i/web'}/status/${id}`,
    authorId,
    authorHandle: username ? `@${username}` : authorId,
    text: text(post.text),
    createdAt: text(post.created_at),
    // The text shows t.co links: the expanded ones are what the post links to.
    links: (post.entities?.urls ?? [])
      .flatMap((link) => [text(link.unwound_url), text(link.expanded_url)])
      .filter(Boolean),
  };
}

/** A read of the X API v2 with the user's token; null when X answers that the resource does not exist. */
async function readX<T>(accessToken: string, path: string, now: Date): Promise<T | null> {
  return readPlatform<T, ApiProblem>(
    xApi,
    { url: `${config().platformUrls.twitterApi}${path}`, headers: { authorization: `Bearer ${accessToken}` } },
    now,
  );
}

/** Whether a lookup answered only resource-not-found errors (X answers 200 for a post or user that does not exist). */
const notFound = (answer: { data?: unknown; errors?: { type?: unknown }[] } | null) =>
  !answer?.data && (answer?.errors ?? []).some((error) => String(error.type).endsWith('/resource-not-found'));

/** The X user id of `@username` (GET /2/users/by/username/:username), or null when X knows no such account. */
async function authorUserId(accessToken: string, author: string, now: Date): Promise<string | null> {
  const username = author.replace(/^@/, '');
  if (!/^\w{1,15}$/.test(username)) return null;
  const answer = await readX<{ data?: { id?: unknown; username?: unknown }; errors?: { type?: unknown }[] }>(
    accessToken,
    `/2/users/by/username/${encodeURIComponent(username)}`,
    now,
  );
  if (notFound(answer)) return null;
  // X matches usernames without regard to case: the answer must name that same account.
  const named = text(answer?.data?.username);
  return named.toLowerCase() === username.toLowerCase() ? text(answer?.data?.id) || null : null;
}

/**
 * X (twitter): OAuth 2.0 with PKCE (docs.x.com), posts with POST /2/tweets, each one a reply to
 * the one before; 280 by twitter-text's weighted count; access tokens last two hours and are
 * refreshed before they expire (X rotates the refresh token each time).
 */
export const twitterAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'twitter',
  imageLimits: IMAGE_LIMITS.twitter,

  oauth: appConsentScreen({
    platform: 'twitter',
    platformName: PLATFORM_NAME,
    authorizeUrl: () => config().platformUrls.twitterAuthorize,
    scopes: X_SCOPES,
    pkce: true,
  }),

  async connect(input) {
    const { now, redirectUri } = input.deps;
    const tokens = await exchangeCode({
      ...(await tokenRequest(now)),
      code: input.code,
      redirectUri,
      codeVerifier: input.codeVerifier,
    });
    const me = await callApi<{ data?: { id: string; username: string } }>(
      tokens.accessToken,
      '/2/users/me',
      { method: 'GET' },
      now,
    );
    if (!me.data?.username) throw new PlatformRejectedError(`${PLATFORM_NAME} did not say which account this is`);
    return {
      platformUsername: `@${me.data.username}`,
      credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt },
      connectionData: {
        userId: me.data.id,
        username: me.data.username,
        // RFC 6749 §5.1: a token answer naming no scope granted the scopes asked for.
        grantedScopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : [...X_SCOPES],
      },
    };
  },

  // A connection made before the scopes were recorded was also made before media.write was asked for.
  lacksPictureGrant: (connection) => !grantedScopesOf(connection).includes('media.write'),

  refreshCredentials: (connection, now) =>
    refreshWhenDue(PLATFORM_NAME, connection.credentials, now, () => tokenRequest(now)),

  listTargets: async (connection) => [{ id: usernameOf(connection), name: connection.platformUsername ?? '' }],

  postRules: async () => postRulesFor('twitter'),

  async publishPost(connection, post): Promise<MadePost> {
    const { now } = post;
    // X takes a quote or pictures on one post, not both (POST /2/tweets: media is mutually exclusive with quote_tweet_id).
    if (post.quote && post.images.length > 0) throw new QuoteRefusedError(authorPostMessages.withPictures);
    const mediaIds = await attachedMedia(connection.credentials.accessToken, post);
    let created: { data?: { id: string } };
    try {
      created = await callApi<{ data?: { id: string } }>(
        connection.credentials.accessToken,
        '/2/tweets',
        {
          method: 'POST',
          body: {
            text: post.text,
            ...(post.parent ? { reply: { in_reply_to_tweet_id: post.parent.id } } : {}),
            ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
            ...(post.quote ? { quote_tweet_id: post.quote.id } : {}),
          },
        },
        now,
      );
    } catch (error) {
      // The quote is what this post adds: X refusing it (deleted, the author's quote settings) is the quote's.
      if (post.quote && error instanceof PlatformRejectedError && !(error instanceof DuplicatePostError)) {
        throw new QuoteRefusedError(quoteRefusedBy(PLATFORM_NAME, error.message.replace(/^.*refused the post: /, '')));
      }
      if (!(error instanceof DuplicatePostError)) throw error;
      const earlier = await postMadeThisRun(connection, post, now);
      if (!earlier) throw error;
      created = { data: { id: earlier.id } };
    }
    const id = created.data?.id;
    if (!id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the post's id`);
    return { id, url: `https://x.com/${usernameOf(connection)}/status/${id}` };
  },

  /**
   * The author's own post about the article (docs.x.com): the handle resolved to its user id
   * (GET /2/users/by/username/:username), then GET /2/tweets/search/recent with the `url:` and `from:`
   * operators (the last 7 days), each result kept only when its author_id is that id and its expanded
   * links hold the article. Both are billed reads: the publishing service asks only when the curator
   * turned X's paid reads on.
   */
  authorPosts: {
    authorOf: (handles) => handles.twitter ?? null,

    async find(connection, author, articleUrl, now) {
      const token = connection.credentials.accessToken;
      const authorId = await authorUserId(token, author, now);
      if (!authorId) return null;
      const query = new URLSearchParams({
        query: `url:"${articleUrl.replaceAll('"', '')}" from:${author.replace(/^@/, '')}`,
        max_results: String(SEARCH_RESULTS),
        ...QUOTE_READ_FIELDS,
      });
      const answer = await readX<{ data?: XPostView[]; includes?: XIncludes }>(
        token,
        `/2/tweets/search/recent?${query}`,
        now,
      );
      const posts = Array.isArray(answer?.data) ? answer.data : [];
      return chooseAuthorPost(
        posts.map((post) => candidateOf(post, answer?.includes)).filter((post) => post !== null),
        authorId,
        articleUrl,
      );
    },

    async verify(connection, author, articleUrl, postId, now) {
      const token = connection.credentials.accessToken;
      if (!/^\d{1,19}$/.test(postId)) return null;
      const [authorId, answer] = await Promise.all([
        authorUserId(token, author, now),
        readX<{ data?: XPostView; includes?: XIncludes; errors?: { type?: unknown }[] }>(
          token,
          `/2/tweets/${postId}?${new URLSearchParams(QUOTE_READ_FIELDS)}`,
          now,
        ),
      ]);
      const candidate = answer?.data ? candidateOf(answer.data, answer.includes) : null;
      return authorId && candidate ? chooseAuthorPost([candidate], authorId, articleUrl) : null;
    },
  },

  /**
   * GET /2/tweets?ids=…&tweet.fields=public_metrics (up to 100 ids a call; X bills each post read, so
   * the insights service calls this only when the user turned reads on). A post X leaves out is gone.
   * Posts made within the last 30 days are also asked for non_public_metrics, for their URL link
   * clicks (X gives them for the user's own recent posts only).
   */
  async readEngagement(connection, made, now) {
    type Metrics = Record<string, unknown>;
    const metrics = new Map<string, { public: Metrics; nonPublic: Metrics }>();
    for (let start = 0; start < made.length; start += IDS_PER_LOOKUP) {
      const ids = made.slice(start, start + IDS_PER_LOOKUP).map((post) => post.id);
      const recent = ids.every((id) => /^\d+$/.test(id) && now.getTime() - postedAtOf(id) < NON_PUBLIC_METRICS_MS);
      const fields = recent ? 'public_metrics,non_public_metrics' : 'public_metrics';
      const answer = await callApi<{
        data?: { id?: unknown; public_metrics?: Metrics; non_public_metrics?: Metrics }[];
      }>(
        connection.credentials.accessToken,
        `/2/tweets?${new URLSearchParams({ ids: ids.join(','), 'tweet.fields': fields })}`,
        { method: 'GET' },
        now,
      );
      for (const tweet of Array.isArray(answer.data) ? answer.data : []) {
        if (typeof tweet.id === 'string') {
          metrics.set(tweet.id, { public: tweet.public_metrics ?? {}, nonPublic: tweet.non_public_metrics ?? {} });
        }
      }
    }
    return made.map((post, position) => {
      const found = metrics.get(post.id);
      if (!found) return deletedPost(position, post);
      return {
        position,
        remoteId: post.id,
        deleted: false,
        metrics: figures({
          likes: found.public.like_count,
          reposts: found.public.retweet_count,
          replies: found.public.reply_count,
          quotes: found.public.quote_count,
          impressions: found.public.impression_count,
          linkClicks: found.nonPublic.url_link_clicks,
        }),
      };
    });
  },
};

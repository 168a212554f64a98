import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import type { PlatformClient } from '#functions/services/platforms/platform-clients';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { REDDIT_TEXT_LIMIT, redditTitle } from '#shared/publishing/reddit-format';
import { redditSubreddits, type SubredditOption } from '#shared/publishing/targets';
import {
  appConsentScreen,
  configuredClient,
  exchangeCode,
  refreshTokens,
  refreshWhenDue,
  type TokenRequest,
} from './oauth-flow';
import {
  deletedPost,
  figures,
  type LiveConnection,
  type OAuthConnectInput,
  type PlatformAdapter,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  retryAfterSeconds,
} from './platform-adapter';
import { callPlatform, type PlatformAnswer, type PlatformApi } from './platform-http';

/** identity: the username; mysubreddits: where the user moderates or contributes; submit: the post. */
export const REDDIT_SCOPES = ['identity', 'submit', 'mysubreddits', 'read'] as const;
const APP_VERSION = '0.1.0';
/** /api/info takes at most 100 fullnames. */
const NAMES_PER_INFO = 100;
const DEVELOPER_ACCOUNT = 'threadsnip';
/** Subreddit lists are read 100 at a time; this many pages is the most a connection keeps. */
const MAX_LIST_PAGES = 10;
const SUBREDDIT_REQUIRED = 'Reddit Subreddit Required';

/** Reddit's required User-Agent form: `<platform>:<app ID>:<version> (by /u/<reddit username>)`. */
export function redditUserAgent(clientId: string): string {
  return `web:${clientId}:${APP_VERSION} (by /u/${DEVELOPER_ACCOUNT})`;
}

const redditClient = () => configuredClient('reddit', 'Reddit');

/** The token endpoint's settings shared by the code exchange and the refresh. */
function tokenRequest(client: PlatformClient, now: Date): TokenRequest {
  return {
    tokenUrl: `${config().platformUrls.redditAuth}/api/v1/access_token`,
    client,
    clientAuth: 'basic',
    now,
    headers: { 'user-agent': redditUserAgent(client.clientId) },
    platformName: 'Reddit',
    rateLimitReset: 'seconds-from-now',
  };
}

/** The access token was refused (expired early or revoked): the caller may refresh once. */
class AccessTokenRefusedError extends PlatformRejectedError {}

/** How Reddit's OAuth API host words its failures. */
const redditApi: PlatformApi<{ message?: unknown }> = {
  name: 'Reddit',
  // Reddit's x-ratelimit-reset is the seconds left in the window, not an epoch.
  resetForm: 'seconds-from-now',
  rateLimitFallback: 60,
  unauthorized: () =>
    new AccessTokenRefusedError('Reddit refused the access token: reconnect Reddit in Account Settings.'),
  refused: ({ status, body }) =>
    new PlatformRejectedError(
      `Reddit refused the request: ${typeof body?.message === 'string' ? body.message : `HTTP ${status}`}`,
    ),
};

/** One call to Reddit's OAuth API host with the user's bearer token; errors carry no secret. */
function callReddit<T>(
  accessToken: string,
  clientId: string,
  request: { method: 'GET' | 'POST'; path: string; form?: Record<string, string> },
): Promise<PlatformAnswer<T>> {
  return callPlatform<T, { message?: unknown }>(redditApi, {
    method: request.method,
    url: `${config().platformUrls.redditApi}${request.path}`,
    headers: { authorization: `bearer ${accessToken}`, 'user-agent': redditUserAgent(clientId) },
    form: request.form,
  });
}

/**
 * Calls Reddit with the connection's token; a token Reddit refuses before its expiry is refreshed
 * once and the call repeated (the connection carries the new token for the rest of the run).
 */
async function callAsUser<T>(
  connection: LiveConnection,
  request: Parameters<typeof callReddit>[2],
): Promise<PlatformAnswer<T>> {
  const client = await redditClient();
  try {
    return await callReddit<T>(connection.credentials.accessToken, client.clientId, request);
  } catch (error) {
    const { refreshToken } = connection.credentials;
    if (!(error instanceof AccessTokenRefusedError) || !refreshToken) throw error;
    const tokens = await refreshTokens({ ...tokenRequest(client, new Date()), refreshToken });
    connection.credentials = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
    };
    return callReddit<T>(tokens.accessToken, client.clientId, request);
  }
}

interface Listing<T> {
  data?: { after?: string | null; children?: { data?: T }[] };
}

interface RedditSubreddit {
  display_name?: string;
  title?: string;
  subscribers?: number | null;
  user_is_moderator?: boolean | null;
  user_is_contributor?: boolean | null;
}

/** Every subreddit Reddit lists for the user under /subreddits/mine/{where}, page after page. */
async function listMine(connection: LiveConnection, where: 'moderator' | 'contributor'): Promise<RedditSubreddit[]> {
  const found: RedditSubreddit[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    // raw_json=1: titles as written, not HTML-escaped (&amp;).
    const query = new URLSearchParams({ limit: '100', raw_json: '1', ...(after ? { after } : {}) });
    const { body } = await callAsUser<Listing<RedditSubreddit>>(connection, {
      method: 'GET',
      path: `/subreddits/mine/${where}?${query}`,
    });
    for (const child of body.data?.children ?? []) if (child.data?.display_name) found.push(child.data);
    after = body.data?.after ?? null;
    if (!after) break;
  }
  return found;
}

/** The subreddits the user moderates or contributes to (the only ones a post may go to), by name. */
async function postableSubreddits(connection: LiveConnection): Promise<SubredditOption[]> {
  const moderated = await listMine(connection, 'moderator');
  const contributed = await listMine(connection, 'contributor');
  const byName = new Map<string, SubredditOption>();
  const add = (subreddit: RedditSubreddit, role: 'moderator' | 'contributor') => {
    const name = subreddit.display_name!;
    const known = byName.get(name.toLowerCase());
    byName.set(name.toLowerCase(), {
      name,
      title: subreddit.title || known?.title || name,
      subscribers: Math.max(0, subreddit.subscribers ?? known?.subscribers ?? 0),
      userIsModerator: role === 'moderator' || subreddit.user_is_moderator === true || !!known?.userIsModerator,
      userIsContributor: role === 'contributor' || subreddit.user_is_contributor === true || !!known?.userIsContributor,
    });
  };
  for (const subreddit of moderated) add(subreddit, 'moderator');
  for (const subreddit of contributed) add(subreddit, 'contributor');
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** One of `json.errors`: [code, message, field]. */
type RedditFormError = [string, string, string?];

interface SubmitReply {
  json?: { errors?: RedditFormError[]; data?: { name?: string; url?: string } };
}

/** Reddit's RATELIMIT text ("Take a break for 3 minutes before trying again."), in seconds. */
function waitFromMessage(message: string): number | null {
  const match = /(\d+)\s+(millisecond|second|minute|hour)s?/i.exec(message);
  if (!match) return null;
  const unit = match[2]!.toLowerCase();
  const factor = unit === 'hour' ? 3600 : unit === 'minute' ? 60 : 1;
  return unit === 'millisecond' ? 1 : Number(match[1]) * factor;
}

/** Reddit answers a refused submission with 200 and `json.errors`: a failure all the same. */
function submitFailure(errors: RedditFormError[], headers: Headers): Error {
  const rateLimit = errors.find(([code]) => code === 'RATELIMIT');
  if (rateLimit) {
    const wait = waitFromMessage(rateLimit[1]) ?? retryAfterSeconds(headers, new Date(), 60, 'seconds-from-now');
    return new PlatformRateLimitError(`Reddit is rate limiting posts: ${rateLimit[1]}`, wait);
  }
  return new PlatformRejectedError(`Reddit refused the post: ${errors.map(([, message]) => message).join('; ')}`);
}

/** How far back a post counts as this run's own when Reddit's answer to it was lost (or its worker stopped). */
const LOST_ANSWER_WINDOW_MS = 15 * 60_000;

interface RedditPost {
  name?: string;
  author?: string;
  title?: string;
  selftext?: string;
  created_utc?: number;
  url?: string;
}

/**
 * The self-post this user just made in the subreddit with this title and text, if Reddit made it:
 * a 5xx or a lost connection can come after the post exists, and Reddit takes no idempotency key.
 */
async function findJustMadePost(
  connection: LiveConnection,
  submission: { subreddit: string; title: string; text: string },
): Promise<MadePost | null> {
  const author = connection.platformUsername?.replace(/^u\//, '');
  const { body } = await callAsUser<Listing<RedditPost>>(connection, {
    method: 'GET',
    path: `/r/${encodeURIComponent(submission.subreddit)}/new?limit=25&raw_json=1`,
  });
  const since = (Date.now() - LOST_ANSWER_WINDOW_MS) / 1000;
  const post = (body.data?.children ?? [])
    .flatMap((child) => (child.data ? [child.data] : []))
    .find(
      (candidate) =>
        candidate.author === author &&
        candidate.title === submission.title &&
        candidate.selftext?.trim() === submission.text.trim() &&
        (candidate.created_utc ?? 0) >= since,
    );
  return post?.name ? { id: post.name, url: post.url ?? null } : null;
}

function selectedSubreddit(connection: Pick<LiveConnection, 'connectionData'>): string | null {
  const selected = connection.connectionData.selectedSubreddit;
  return typeof selected === 'string' && selected ? selected : null;
}

/**
 * Reddit: a thread goes out as one self-post in a subreddit the user moderates or contributes to;
 * its title is the thread's, its markdown text opens with the source link and ends with the
 * attribution (shared/publishing/reddit-format.ts). OAuth code flow with a permanent refresh token.
 */
export const redditAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'reddit',
  imageLimits: IMAGE_LIMITS.reddit,

  // Reddit does not take PKCE; the signed single-use state still guards the flow.
  oauth: appConsentScreen({
    platform: 'reddit',
    platformName: 'Reddit',
    authorizeUrl: () => `${config().platformUrls.redditAuth}/api/v1/authorize`,
    scopes: REDDIT_SCOPES,
    extraParams: { duration: 'permanent' },
  }),

  async connect(input) {
    const client = await redditClient();
    const tokens = await exchangeCode({
      ...tokenRequest(client, input.deps.now),
      code: input.code,
      redirectUri: input.deps.redirectUri,
    });
    if (!tokens.refreshToken) throw new PlatformRejectedError('Reddit granted only temporary access');
    const connection: LiveConnection = {
      platformUsername: null,
      credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt },
      connectionData: {},
    };
    const { body: me } = await callAsUser<{ name?: string }>(connection, { method: 'GET', path: '/api/v1/me' });
    if (!me.name) throw new PlatformRejectedError('Reddit did not say which account this is');
    return {
      ...connection,
      platformUsername: `u/${me.name}`,
      connectionData: { subreddits: await postableSubreddits(connection) },
    };
  },

  refreshCredentials: (connection, now) =>
    refreshWhenDue('Reddit', connection.credentials, now, async () => tokenRequest(await redditClient(), now)),

  listTargets: async (connection) =>
    redditSubreddits(connection.connectionData).map((subreddit) => ({
      id: subreddit.name,
      name: `r/${subreddit.name}`,
    })),

  targetSelection: {
    select(connection, targetId) {
      const wanted = targetId.replace(/^\/?r\//i, '').toLowerCase();
      const subreddit = redditSubreddits(connection.connectionData).find(
        (entry) => entry.name.toLowerCase() === wanted,
      );
      return subreddit ? { selectedSubreddit: subreddit.name, selectedSubredditTitle: subreddit.title } : null;
    },
    selected: selectedSubreddit,
    requiredMessage: SUBREDDIT_REQUIRED,
  },

  postRules: async () => postRulesFor('reddit'),

  async publishPost(connection, post): Promise<MadePost> {
    const subreddit = selectedSubreddit(connection);
    if (!subreddit) throw new PlatformRejectedError(SUBREDDIT_REQUIRED);
    // The thread was re-flowed to one post; a second means it did not fit, and nothing is posted.
    if (post.total > 1) {
      throw new PlatformRejectedError(
        `This thread is longer than one Reddit post allows (${REDDIT_TEXT_LIMIT.toLocaleString('en')} characters).`,
      );
    }
    const submission = { subreddit, title: redditTitle(post.article.title), text: post.text };
    // A worker before this one may have posted it and stopped before recording it.
    if (post.mayAlreadyExist) {
      const made = await findJustMadePost(connection, submission);
      if (made) return made;
    }
    let reply: PlatformAnswer<SubmitReply>;
    try {
      reply = await callAsUser<SubmitReply>(connection, {
        method: 'POST',
        path: '/api/submit',
        form: {
          sr: subreddit,
          kind: 'self',
          title: submission.title,
          text: submission.text,
          api_type: 'json',
          resubmit: 'true',
        },
      });
    } catch (error) {
      if (!(error instanceof PlatformUnavailableError)) throw error;
      // The answer was lost, not necessarily the post: a retry must not post it a second time.
      const made = await findJustMadePost(connection, submission).catch(() => null);
      if (made) return made;
      throw error;
    }
    const { body, headers } = reply;
    const errors = body.json?.errors ?? [];
    if (errors.length > 0) throw submitFailure(errors, headers);
    const made = body.json?.data;
    // Without the post's name a retry could post it twice: stop here instead.
    if (!made?.name) throw new PlatformRejectedError('Reddit accepted the post but did not return it');
    return { id: made.name, url: made.url ?? null };
  },

  /**
   * GET /api/info?id=t3_…,t1_… (fullnames, up to 100): score, and comments on a submission. A thing
   * Reddit leaves out, or one removed or deleted (author `[deleted]`), is gone.
   */
  async readEngagement(connection, made) {
    const things = new Map<string, Record<string, unknown>>();
    for (let start = 0; start < made.length; start += NAMES_PER_INFO) {
      const ids = made.slice(start, start + NAMES_PER_INFO).map((post) => post.id);
      const answer = await callAsUser<{ data?: { children?: { data?: Record<string, unknown> }[] } }>(connection, {
        method: 'GET',
        path: `/api/info?${new URLSearchParams({ id: ids.join(','), raw_json: '1' })}`,
      });
      for (const child of answer.body.data?.children ?? []) {
        if (typeof child.data?.name === 'string') things.set(child.data.name, child.data);
      }
    }
    return made.map((post, position) => {
      const thing = things.get(post.id);
      if (!thing || thing.author === '[deleted]' || thing.removed_by_category) return deletedPost(position, post);
      return {
        position,
        remoteId: post.id,
        deleted: false,
        metrics: figures({ score: thing.score, comments: thing.num_comments }),
      };
    });
  },
};

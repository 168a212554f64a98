import { createHmac } from 'node:crypto';
import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { connectionFormMessages } from '#shared/messages/connections';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { facebookPages } from '#shared/publishing/targets';
import { appConsentScreen, configuredClient, exchangeCode, providerGrant, type TokenRequest } from './oauth-flow';
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
  type PublishTarget,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply, readPlatform } from './platform-http';
import { postSteps } from './post-steps';

const PLATFORM_NAME = 'Facebook';
/**
 * Facebook Login for a Page: list the user's Pages, post to them, read them back, and comment as
 * the Page (comments need pages_manage_engagement, developers.facebook.com Pages API).
 */
const SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'pages_manage_engagement'] as const;
const RECONNECT_MESSAGE = `${PLATFORM_NAME} no longer accepts this connection. Reconnect ${PLATFORM_NAME} in Account Settings.`;
/** Graph error codes that mean "too many calls" (API, user, app, Page-level throttling). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001]);
/** Graph codes of a failure on Facebook's side that a retry may fix. */
const TRANSIENT_CODES = new Set([1, 2]);
/** When Facebook throttles without an estimate, try again after this long. */
const DEFAULT_WAIT_SECONDS = 300;

interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
}

const appClient = () => configuredClient('facebook', PLATFORM_NAME);

/** The longest `estimated_time_to_regain_access` (minutes) in Facebook's usage headers, in seconds. */
function regainSeconds(headers: Headers): number | null {
  const raw = headers.get('x-business-use-case-usage');
  if (!raw) return null;
  try {
    const usage = JSON.parse(raw) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Math.max(
      0,
      ...Object.values(usage).flatMap((entries) =>
        entries.map((entry) => Number(entry.estimated_time_to_regain_access ?? 0)),
      ),
    );
    return minutes > 0 ? minutes * 60 : null;
  } catch {
    return null;
  }
}

const reasonOf = ({ status, body }: PlatformReply<{ error?: GraphError }>) =>
  body?.error?.message ?? `${PLATFORM_NAME} answered ${status}`;

/** The Graph API reports its failures in the body's `error` (a 200 carrying one is a failure too), by code. */
const graphApi: PlatformApi<{ error?: GraphError }> = {
  name: PLATFORM_NAME,
  succeeded: ({ status, body }) => status >= 200 && status < 300 && !body?.error,
  classify: (reply) => {
    const error = reply.body?.error ?? {};
    if (error.code !== undefined && RATE_LIMIT_CODES.has(error.code)) {
      return new PlatformRateLimitError(
        `${PLATFORM_NAME} rate limit reached`,
        regainSeconds(reply.headers) ?? DEFAULT_WAIT_SECONDS,
      );
    }
    // 190: the token expired, was revoked, or the user changed their password.
    if (error.code === 190) return new ReconnectRequiredError(RECONNECT_MESSAGE);
    if (reply.status >= 500 || error.is_transient || (error.code !== undefined && TRANSIENT_CODES.has(error.code))) {
      return new PlatformUnavailableError(`${PLATFORM_NAME} is unavailable (${reasonOf(reply)})`);
    }
    return undefined;
  },
  refused: (reply) => new PlatformRejectedError(`${PLATFORM_NAME} refused the post: ${reasonOf(reply)}`),
};

/**
 * One Graph API call: the access token (with its appsecret_proof) in the query of a GET or the
 * form of a POST; the transport names only the host when nothing answers, so no message carries a token.
 */
async function graph<T>(
  path: string,
  accessToken: string,
  request: { method: 'GET' | 'POST'; params?: Record<string, string> },
): Promise<T> {
  const params = await signedParams(accessToken, request.params);
  const url = `${config().platformUrls.facebookGraph}${path}`;
  const reply = await callPlatform<T, { error?: GraphError }>(
    graphApi,
    request.method === 'GET' ? { url: `${url}?${params}` } : { method: 'POST', url, form: params },
  );
  return reply.body;
}

/** The call's parameters with the access token and its appsecret_proof. */
async function signedParams(accessToken: string, params: Record<string, string> = {}): Promise<URLSearchParams> {
  const client = await appClient();
  return new URLSearchParams({
    ...params,
    access_token: accessToken,
    appsecret_proof: createHmac('sha256', client.clientSecret ?? '')
      .update(accessToken)
      .digest('hex'),
  });
}

/** A Graph object that no longer exists: 404, or error 100 with subcode 33 ("does not exist"). */
const objectGone = (reply: PlatformReply<{ error?: GraphError }>) =>
  reply.status === 404 || (reply.body?.error?.code === 100 && reply.body.error.error_subcode === 33);

type Summary = { summary?: { total_count?: unknown } };

const pagePost = (id: string): MadePost => ({ id, url: `https://www.facebook.com/${id}` });

/**
 * The post or comment an earlier attempt made (a failed call, or a worker that stopped before
 * recording it): the Page's posts since the run began, or the comments on the thread's Page post,
 * with the same message. Graph takes no idempotency key.
 */
async function alreadyMade(pageId: string, post: OutgoingPost, token: string): Promise<MadePost | null> {
  if (!post.root) {
    if (!post.runStartedAt) return null;
    const since = String(Math.floor(Date.parse(post.runStartedAt) / 1000));
    const recent = await graph<{ data?: { id: string; message?: string }[] }>(`/${pageId}/posts`, token, {
      method: 'GET',
      params: { fields: 'id,message', since, limit: '10' },
    });
    const found = recent.data?.find((candidate) => candidate.message === post.text);
    return found ? pagePost(found.id) : null;
  }
  const comments = await graph<{ data?: { id: string; message?: string; from?: { id?: string } }[] }>(
    `/${post.root.id}/comments`,
    token,
    {
      method: 'GET',
      params: { fields: 'id,message,from', order: 'reverse_chronological', filter: 'stream', limit: '25' },
    },
  );
  const found = comments.data?.find((candidate) => candidate.message === post.text && candidate.from?.id === pageId);
  return found ? { id: found.id, url: null } : null;
}

/**
 * The post's pictures as unpublished Page photos (`POST /{page-id}/photos` with `url`, the picture's
 * short-lived URL that Facebook fetches, `published=false` and `alt_text_custom`), in order; each
 * photo id is recorded on the post's step, so a retry reuses it.
 */
async function unpublishedPhotos(pageId: string, token: string, post: OutgoingPost): Promise<string[]> {
  const steps = postSteps(post);
  const upload = async (image: OutgoingImage) => {
    const photo = await graph<{ id?: string }>(`/${pageId}/photos`, token, {
      method: 'POST',
      params: {
        url: await image.publicUrl(),
        published: 'false',
        ...(image.alt ? { alt_text_custom: image.alt } : {}),
      },
    });
    if (!photo.id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the photo's id`);
    return photo.id;
  };
  const ids: string[] = [];
  for (const image of post.images) ids.push(await steps.once(`photo:${image.mediaId}`, () => upload(image)));
  return ids;
}

/** The Pages kept in the connection's data (ids and names only; their tokens are never kept there). */
const pagesOf = (connection: Pick<LiveConnection, 'connectionData'>): PublishTarget[] =>
  facebookPages(connection.connectionData);

function selectedPageId(connection: Pick<LiveConnection, 'connectionData'>): string | null {
  const id = connection.connectionData.selectedPageId;
  return typeof id === 'string' && id ? id : null;
}

const pageChoice = (page: PublishTarget) => ({ selectedPageId: page.id, pageName: page.name });

/**
 * The Page post's `link` (its preview card): the article, when the post carries the link, that is
 * when the thread places it on the first post as well or the post is the whole thread with its
 * credit; by default the card belongs to the credit comment alone.
 */
function pagePostLink(post: OutgoingPost): { link?: string } {
  const carriesLink = post.linkPlacement === 'first-post-and-credit' || post.total === 1;
  return carriesLink ? { link: post.article.url } : {};
}

/**
 * Facebook: a Page the user manages. Login exchanges the code, then the short-lived user token for
 * a long-lived one, whose Page tokens do not expire. With one Page it is chosen and its token is
 * the connection's; with several the user picks one (targetSelection) and the Page token is fetched
 * with the long-lived user token (kept sealed as the refresh token) before the first post. A
 * thread is a Page post, the rest as comments in order, the credit comment last with the link (the
 * Page post previews the article only where it carries the link too).
 */
export const facebookAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'facebook',
  imageLimits: IMAGE_LIMITS.facebook,

  oauth: appConsentScreen({
    platform: 'facebook',
    platformName: PLATFORM_NAME,
    authorizeUrl: () => config().platformUrls.facebookDialog,
    scopes: SCOPES,
    scopeSeparator: ',',
  }),

  async connect(input) {
    const { now, redirectUri } = input.deps;
    const tokenRequest: TokenRequest = {
      tokenUrl: `${config().platformUrls.facebookGraph}/oauth/access_token`,
      client: await appClient(),
      clientAuth: 'body',
      now,
      platformName: PLATFORM_NAME,
    };
    const shortLived = await exchangeCode({ ...tokenRequest, code: input.code, redirectUri });
    const longLived = await providerGrant({
      ...tokenRequest,
      grantType: 'fb_exchange_token',
      params: { fb_exchange_token: shortLived.accessToken },
    });
    const userToken = longLived.accessToken;
    const me = await graph<{ id?: string; name?: string }>('/me', userToken, {
      method: 'GET',
      params: { fields: 'id,name' },
    });
    const accounts = await graph<{ data?: { id: string; name: string; access_token?: string; tasks?: string[] }[] }>(
      '/me/accounts',
      userToken,
      { method: 'GET', params: { fields: 'id,name,access_token,tasks', limit: '100' } },
    );
    // Only Pages the user may post on (the CREATE_CONTENT task), that came with a Page token.
    const postable = (accounts.data ?? []).filter(
      (page) => page.access_token && (!page.tasks || page.tasks.includes('CREATE_CONTENT')),
    );
    const [only] = postable;
    if (!only) {
      throw new PlatformRejectedError('No Facebook Page you can post on was shared. Log in again and choose a Page.');
    }
    const pages = postable.map(({ id, name }) => ({ id, name }));
    const single = postable.length === 1;
    return {
      platformUsername: single ? only.name : (me.name ?? null),
      credentials: {
        accessToken: single ? only.access_token! : userToken,
        refreshToken: userToken,
        // Page tokens from a long-lived user token do not expire.
        expiresAt: null,
      },
      // The user's id names the account (several Facebook logins may connect to one workspace).
      connectionData: { ...(me.id ? { userId: me.id } : {}), pages, ...(single ? pageChoice(only) : {}) },
    };
  },

  /**
   * With several Pages, the stored token may belong to another Page than the one now chosen (or be
   * the user token): the chosen Page's token is fetched with the long-lived user token.
   */
  async refreshCredentials(connection) {
    const pageId = selectedPageId(connection);
    if (!pageId || pagesOf(connection).length <= 1) return null;
    const owner = await graph<{ id?: string }>('/me', connection.credentials.accessToken, {
      method: 'GET',
      params: { fields: 'id' },
    }).catch(() => null);
    if (owner?.id === pageId) return null;
    const userToken = connection.credentials.refreshToken;
    if (!userToken) throw new ReconnectRequiredError(`${PLATFORM_NAME} authorization has expired`);
    const page = await graph<{ access_token?: string }>(`/${pageId}`, userToken, {
      method: 'GET',
      params: { fields: 'access_token' },
    }).catch((error: unknown) => {
      // The caller words the reconnect request; only the reason is ours.
      if (error instanceof ReconnectRequiredError) {
        throw new ReconnectRequiredError(`${PLATFORM_NAME} no longer accepts the login`);
      }
      throw error;
    });
    if (!page.access_token)
      throw new ReconnectRequiredError(`${PLATFORM_NAME} no longer lets ThreadSnip post on that Page`);
    return { accessToken: page.access_token, refreshToken: userToken, expiresAt: null };
  },

  listTargets: async (connection) => pagesOf(connection),

  targetSelection: {
    select(connection, targetId) {
      const page = pagesOf(connection).find((candidate) => candidate.id === targetId);
      return page ? pageChoice(page) : null;
    },
    selected: selectedPageId,
    requiredMessage: connectionFormMessages.facebookPageRequired.title,
  },

  postRules: async () => postRulesFor('facebook'),

  async publishPost(connection, post): Promise<MadePost> {
    const token = connection.credentials.accessToken;
    const pageId = selectedPageId(connection);
    if (post.mayAlreadyExist && pageId) {
      const earlier = await alreadyMade(pageId, post, token);
      if (earlier) return earlier;
    }
    // The Page post, and every photo, are made on the chosen Page; a comment goes on the Page post.
    if (!pageId && (!post.root || post.images.length > 0)) {
      throw new PlatformRejectedError(connectionFormMessages.facebookPageRequired.title);
    }
    // A comment takes one photo (`attachment_id`); more would be dropped, so they are refused before anything is sent.
    if (post.root && post.images.length > 1) {
      throw new PlatformRejectedError(
        `${PLATFORM_NAME} takes one picture on a comment; post ${post.index + 1} has ${post.images.length}`,
      );
    }
    const photos = pageId ? await unpublishedPhotos(pageId, token, post) : [];
    try {
      if (!post.root) {
        // Photos replace the link preview (a post carries one or the other); the link stays in the thread.
        const attached = Object.fromEntries(
          photos.map((id, index) => [`attached_media[${index}]`, JSON.stringify({ media_fbid: id })]),
        );
        const preview = photos.length > 0 ? attached : pagePostLink(post);
        const created = await graph<{ id?: string }>(`/${pageId}/feed`, token, {
          method: 'POST',
          params: { message: post.text, ...preview },
        });
        if (!created.id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the post's id`);
        return pagePost(created.id);
      }
      const comment = await graph<{ id?: string }>(`/${post.root.id}/comments`, token, {
        method: 'POST',
        params: { message: post.text, ...(photos[0] ? { attachment_id: photos[0] } : {}) },
      });
      if (!comment.id) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not return the comment's id`);
      return { id: comment.id, url: null };
    } catch (error) {
      // A transient failure may come after Facebook made the post: look before a retry posts it again.
      if (!(error instanceof PlatformUnavailableError) || !pageId) throw error;
      const earlier = await alreadyMade(pageId, post, token).catch(() => null);
      if (!earlier) throw error;
      return earlier;
    }
  },

  /**
   * With the Page token the connection already has (pages_read_engagement): the Page post's
   * reactions, comments and shares (GET /{post-id}?fields=…), and each reply comment's likes and
   * replies (GET /{comment-id}?fields=like_count,comment_count). A post Facebook no longer has is gone.
   */
  async readEngagement(connection, made, now) {
    return Promise.all(
      made.map(async (post, position) => {
        const fields =
          position === 0
            ? 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares'
            : 'like_count,comment_count';
        const params = await signedParams(connection.credentials.accessToken, { fields });
        const answer = await readPlatform<
          {
            reactions?: Summary;
            comments?: Summary;
            shares?: { count?: unknown };
            like_count?: unknown;
            comment_count?: unknown;
          },
          { error?: GraphError }
        >(graphApi, { url: `${config().platformUrls.facebookGraph}/${post.id}?${params}` }, now, objectGone);
        if (!answer) return deletedPost(position, post);
        const metrics =
          position === 0
            ? figures({
                reactions: answer.reactions?.summary?.total_count,
                comments: answer.comments?.summary?.total_count,
                // Facebook leaves `shares` out of a post nobody has shared.
                shares: answer.shares ? answer.shares.count : 0,
              })
            : figures({ reactions: answer.like_count, comments: answer.comment_count });
        return { position, remoteId: post.id, deleted: false, metrics };
      }),
    );
  },
};

import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { missingClientReason, type PlatformClient } from '#functions/services/platforms/platform-clients';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import {
  type LinkedInPage,
  linkedinAdministeredPages,
  linkedinOrganizationUrn,
} from '#shared/publishing/link-placement';
import { escapeLittle, LINKEDIN_COMMENTARY_LIMIT } from '#shared/publishing/linkedin-format';
import { postRulesFor } from '#shared/publishing/platform-rules';
import {
  authorizationUrl,
  configuredClient,
  exchangeCode,
  grantedScopesOf,
  refreshWhenDue,
  type TokenRequest,
} from './oauth-flow';
import {
  type LiveConnection,
  type OAuthConnectInput,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
  PlatformUnavailableError,
} from './platform-adapter';
import {
  callPlatform,
  type PlatformAnswer,
  type PlatformApi,
  type PlatformReply,
  platformFailure,
  platformFetch,
  readJson,
} from './platform-http';
import { postSteps } from './post-steps';

const PLATFORM_NAME = 'LinkedIn';
/**
 * openid and profile: who the member is (userinfo's `sub` is the author URN's id); w_member_social:
 * post as them.
 */
const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
/**
 * w_organization_social and r_organization_admin (Community Management API): post as, and list, the
 * organisation pages the member administers; asked only when the app has that product
 * (LINKEDIN_ORGANIZATION_PAGES), since LinkedIn refuses a consent asking for scopes the app lacks.
 */
const PAGE_SCOPES = ['w_organization_social', 'r_organization_admin'] as const;

/**
 * Whether the connection's grant covers organisation pages: its recorded scopes include the page
 * scopes, or (made before scopes were recorded) it listed pages, which only r_organization_admin allows.
 */
function hasPageGrant(connection: Pick<LiveConnection, 'connectionData'>): boolean {
  const granted = grantedScopesOf(connection);
  if (granted.length > 0) return PAGE_SCOPES.every((scope) => granted.includes(scope));
  return linkedinAdministeredPages(connection.connectionData).length > 0;
}

/** The scopes the consent screen asks for, with the page scopes where the app may use them. */
export const linkedinScopes = (): readonly string[] =>
  config().linkedinOrganizationPages ? [...MEMBER_SCOPES, ...PAGE_SCOPES] : MEMBER_SCOPES;
const RESTLI_PROTOCOL_VERSION = '2.0.0';
const RECONNECT_MESSAGE = `${PLATFORM_NAME} no longer accepts this connection (its access expires after 60 days). Reconnect ${PLATFORM_NAME} in Account Settings.`;
/** How far back a post counts as this run's own when the run's start is not known. */
const LOST_ANSWER_WINDOW_MS = 15 * 60_000;
/** An uploaded image still PROCESSING is looked at again after this long, doubling, for at most the budget. */
const FIRST_IMAGE_POLL_MS = 250;
const IMAGE_WAIT_BUDGET_MS = 10_000;

/** How LinkedIn's REST API words a failure (`errorDetails` on validation errors). */
interface LinkedInError {
  message?: string;
  status?: number;
  code?: string;
  errorDetails?: { inputErrors?: { code?: string; description?: string }[] };
}

/**
 * LinkedIn refused a post as a repeat of one already on the member's profile (422 DUPLICATE_POST,
 * 'Content is a duplicate of urn:li:share:…'): after a lost answer, that post is this run's own.
 */
class DuplicatePostError extends PlatformRejectedError {
  constructor(readonly urn: string) {
    super(`${PLATFORM_NAME} refused the post: it repeats a post already on your profile (${urn}).`);
  }
}

const reasonOf = ({ status, body }: PlatformReply<LinkedInError>) => body?.message ?? `HTTP ${status}`;

const linkedinApi: PlatformApi<LinkedInError> = {
  name: PLATFORM_NAME,
  classify: (reply) => {
    const duplicate = reply.body?.errorDetails?.inputErrors?.some((error) => error.code === 'DUPLICATE_POST');
    const urn = /urn:li:(?:share|ugcPost):\d+/.exec(reply.body?.message ?? '')?.[0];
    return reply.status === 422 && duplicate && urn ? new DuplicatePostError(urn) : undefined;
  },
  // LinkedIn's limits are per day and its 429 rarely says how long: look again in five minutes.
  rateLimitFallback: 300,
  // An access token past its 60 days, or revoked by the member: nothing but a new consent helps.
  unauthorized: () => new ReconnectRequiredError(RECONNECT_MESSAGE),
  refused: (reply) => new PlatformRejectedError(`${PLATFORM_NAME} refused the request: ${reasonOf(reply)}`),
};

const linkedinClient = () => configuredClient('linkedin', PLATFORM_NAME);

/** The token endpoint's settings shared by the code exchange and a refresh (for the apps LinkedIn gives one). */
function tokenRequest(client: PlatformClient, now: Date): TokenRequest {
  const tokenUrl = config().platformUrls.linkedinToken;
  return {
    tokenUrl,
    client,
    clientAuth: 'body',
    now,
    platformName: PLATFORM_NAME,
    // With `openid` the answer carries an ID token issued by www.linkedin.com/oauth.
    issuer: `${new URL(tokenUrl).origin}/oauth`,
  };
}

/** One call to LinkedIn's API host with the member's token; /rest calls name the version and Rest.li 2.0. */
function callLinkedIn<T>(
  accessToken: string,
  request: { method?: 'GET' | 'POST'; path: string; json?: unknown },
): Promise<PlatformAnswer<T>> {
  const versioned: Record<string, string> = request.path.startsWith('/rest/')
    ? { 'linkedin-version': config().linkedinVersion, 'x-restli-protocol-version': RESTLI_PROTOCOL_VERSION }
    : {};
  return callPlatform<T, LinkedInError>(linkedinApi, {
    method: request.method ?? 'GET',
    url: `${config().platformUrls.linkedinApi}${request.path}`,
    headers: { authorization: `Bearer ${accessToken}`, ...versioned },
    json: request.json,
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one picture through the Images API (learn.microsoft.com, Community Management "Images
 * API"): `POST /rest/images?action=initializeUpload` with the member as owner, a PUT of the bytes
 * to the `uploadUrl` it returns (with the member's token), then `GET /rest/images/{urn}` until the
 * image is AVAILABLE (PROCESSING_FAILED refuses it). Returns the image URN.
 */
async function uploadImage(accessToken: string, owner: string, image: OutgoingImage): Promise<string> {
  const { body: initialized } = await callLinkedIn<{ value?: { uploadUrl?: string; image?: string } }>(accessToken, {
    method: 'POST',
    path: '/rest/images?action=initializeUpload',
    json: { initializeUploadRequest: { owner } },
  });
  const { uploadUrl, image: urn } = initialized.value ?? {};
  if (!uploadUrl || !urn) throw new PlatformUnavailableError(`${PLATFORM_NAME} did not say where to upload a picture`);
  // The upload is a plain PUT of the file, outside the JSON calls callPlatform makes.
  const uploaded = await platformFetch(PLATFORM_NAME)(uploadUrl, {
    method: 'PUT',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': image.mimeType },
    body: new Uint8Array(await image.read()),
  });
  const failure = platformFailure(
    linkedinApi,
    { status: uploaded.status, headers: uploaded.headers, body: (await readJson(uploaded)) as LinkedInError | null },
    new Date(),
  );
  if (failure) throw failure;
  let waited = 0;
  for (let delay = FIRST_IMAGE_POLL_MS; ; delay *= 2) {
    const { body } = await callLinkedIn<{ status?: string }>(accessToken, {
      path: `/rest/images/${encodeURIComponent(urn)}`,
    });
    if (body.status === 'AVAILABLE') return urn;
    if (body.status === 'PROCESSING_FAILED') {
      throw new PlatformRejectedError(`${PLATFORM_NAME} could not process a picture (PROCESSING_FAILED)`);
    }
    if (waited >= IMAGE_WAIT_BUDGET_MS) {
      throw new PlatformUnavailableError(
        `${PLATFORM_NAME} is still processing a picture (${body.status ?? 'unknown'})`,
      );
    }
    await pause(delay);
    waited += delay;
  }
}

/**
 * The post's `content` (Posts API): its pictures as `media` (one) or `multiImage` (several), each
 * with its altText; without pictures, the article, with the link card image as its `thumbnail` when
 * there is one, unless the link goes in the first comment (then none). Each upload is recorded on
 * the post's step and reused by a retry.
 */
async function postContent(
  accessToken: string,
  author: string,
  post: OutgoingPost,
  steps: ReturnType<typeof postSteps>,
) {
  const upload = (image: OutgoingImage) =>
    steps.once(`image:${image.mediaId}`, () => uploadImage(accessToken, author, image));
  const pictures = [];
  for (const image of post.images) pictures.push({ id: await upload(image), altText: image.alt });
  if (pictures.length === 1) return { media: pictures[0] };
  if (pictures.length > 1) return { multiImage: { images: pictures } };
  if (post.firstComment) return undefined;
  const card = post.linkCardImage;
  const thumbnail = card ? { thumbnail: await upload(card), ...(card.alt ? { thumbnailAltText: card.alt } : {}) } : {};
  return { article: { source: post.article.url, title: post.article.title, ...thumbnail } };
}

const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

/**
 * The organisation pages the member administers (learn.microsoft.com, Community Management
 * "Organization Access Control by Role": `GET /rest/organizationAcls?q=roleAssignee` with role
 * ADMINISTRATOR and state APPROVED), each named by its `localizedName` (`GET /rest/organizations/{id}`).
 */
export async function listAdministeredPages(accessToken: string): Promise<LinkedInPage[]> {
  const query = new URLSearchParams({ q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' });
  const { body } = await callLinkedIn<{ elements?: { organization?: string }[] }>(accessToken, {
    path: `/rest/organizationAcls?${query}`,
  });
  const urns = new Set((body.elements ?? []).flatMap(({ organization }) => (organization ? [organization] : [])));
  const pages: LinkedInPage[] = [];
  for (const urn of urns) {
    const id = ORGANIZATION_URN.exec(urn)?.[1];
    if (!id) continue;
    const { body: organization } = await callLinkedIn<{ localizedName?: string }>(accessToken, {
      path: `/rest/organizations/${id}`,
    });
    pages.push({ urn, name: organization.localizedName ?? urn });
  }
  return pages;
}

function personUrnOf(connection: Pick<LiveConnection, 'connectionData'>): string | null {
  const urn = connection.connectionData.personUrn;
  return typeof urn === 'string' && urn.startsWith('urn:li:person:') ? urn : null;
}

/** Who the posts are by: the organisation page the connection posts as, else the member. */
function authorUrnOf(connection: Pick<LiveConnection, 'connectionData'>): string | null {
  return linkedinOrganizationUrn(connection.connectionData) ?? personUrnOf(connection);
}

const feedUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

interface LinkedInPost {
  id?: string;
  author?: string;
  commentary?: string;
  createdAt?: number;
  lifecycleState?: string;
}

/**
 * The post this run made, if LinkedIn made it: the member's newest posts with the same commentary
 * since the run began. Null when none is there, or when LinkedIn will not list them (reading posts
 * back needs r_member_social, which most apps lack: then its duplicate check is what stops a second post).
 */
async function findJustMadePost(
  connection: LiveConnection,
  author: string,
  commentary: string,
  post: OutgoingPost,
): Promise<MadePost | null> {
  const query = new URLSearchParams({ author, q: 'author', count: '10', sortBy: 'LAST_MODIFIED' });
  let listed: PlatformAnswer<{ elements?: LinkedInPost[] }>;
  try {
    listed = await callLinkedIn(connection.credentials.accessToken, { path: `/rest/posts?${query}` });
  } catch (error) {
    if (error instanceof PlatformRejectedError && !(error instanceof ReconnectRequiredError)) return null;
    throw error;
  }
  const since = post.runStartedAt ? Date.parse(post.runStartedAt) : Date.now() - LOST_ANSWER_WINDOW_MS;
  const found = (listed.body.elements ?? []).find(
    (candidate) =>
      candidate.author === author && candidate.commentary === commentary && (candidate.createdAt ?? 0) >= since,
  );
  return found?.id ? { id: found.id, url: feedUrl(found.id) } : null;
}

/**
 * Makes the post (Posts API), or finds the one a worker before this one made and did not record:
 * after a redelivery, or when the answer is lost (LinkedIn's duplicate check names it otherwise).
 */
async function makePost(
  connection: LiveConnection,
  author: string,
  commentary: string,
  post: OutgoingPost,
  steps: ReturnType<typeof postSteps>,
): Promise<MadePost> {
  const token = connection.credentials.accessToken;
  if (post.mayAlreadyExist) {
    const made = await findJustMadePost(connection, author, commentary, post);
    if (made) return made;
  }
  const content = await postContent(token, author, post, steps);
  try {
    const { headers } = await callLinkedIn(token, {
      method: 'POST',
      path: '/rest/posts',
      json: {
        author,
        commentary,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        content,
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
    });
    const urn = headers.get('x-restli-id');
    // Without the post's id a retry could post it twice: stop here instead.
    if (!urn) throw new PlatformRejectedError('LinkedIn accepted the post but did not return it');
    return { id: urn, url: feedUrl(urn) };
  } catch (error) {
    // A redelivered post LinkedIn calls a repeat is the one the lost answer was about.
    if (error instanceof DuplicatePostError && post.mayAlreadyExist) return { id: error.urn, url: feedUrl(error.urn) };
    if (!(error instanceof PlatformUnavailableError)) throw error;
    // The answer was lost, not necessarily the post: a retry must not post it a second time.
    const made = await findJustMadePost(connection, author, commentary, post).catch(() => null);
    if (made) return made;
    throw error;
  }
}

interface LinkedInComment {
  id?: string;
  actor?: string;
  message?: { text?: string };
}

/**
 * The author's comment with this text already under the post (a comment whose answer was lost), or
 * null when there is none or LinkedIn will not list them (reading needs r_member_social or
 * r_organization_social).
 */
async function findComment(accessToken: string, postUrn: string, actor: string, text: string): Promise<string | null> {
  let listed: PlatformAnswer<{ elements?: LinkedInComment[] }>;
  try {
    listed = await callLinkedIn(accessToken, { path: `/rest/socialActions/${encodeURIComponent(postUrn)}/comments` });
  } catch (error) {
    if (error instanceof PlatformRejectedError && !(error instanceof ReconnectRequiredError)) return null;
    throw error;
  }
  const found = (listed.body.elements ?? []).find(
    (comment) => comment.actor === actor && comment.message?.text === text,
  );
  return found?.id ?? null;
}

/**
 * Comments on the post as its author (learn.microsoft.com, Community Management "Comments API":
 * `POST /rest/socialActions/{postUrn}/comments` with `actor`, `object` and `message.text`); the
 * comment's id from `x-restli-id`. A redelivery, or an answer lost, first looks for the comment
 * among the post's, so it is made once.
 */
async function commentOn(
  accessToken: string,
  postUrn: string,
  actor: string,
  text: string,
  mayAlreadyExist: boolean,
): Promise<string> {
  if (mayAlreadyExist) {
    const found = await findComment(accessToken, postUrn, actor, text);
    if (found) return found;
  }
  try {
    const { headers, body } = await callLinkedIn<LinkedInComment | null>(accessToken, {
      method: 'POST',
      path: `/rest/socialActions/${encodeURIComponent(postUrn)}/comments`,
      json: { actor, object: postUrn, message: { text } },
    });
    const id = headers.get('x-restli-id') ?? body?.id;
    if (!id) throw new PlatformRejectedError('LinkedIn accepted the comment but did not return it');
    return id;
  } catch (error) {
    if (!(error instanceof PlatformUnavailableError)) throw error;
    const found = await findComment(accessToken, postUrn, actor, text).catch(() => null);
    if (found) return found;
    throw error;
  }
}

/**
 * LinkedIn: a thread goes out as one post on the member's profile (LinkedIn has no threads), its
 * text composed by shared/publishing/linkedin-format.ts and escaped for the 'little' format here,
 * with its pictures (Images API), or else the article attached so LinkedIn shows its preview; with
 * the link placed in the first comment, the post goes without the article and the attribution is
 * commented under it (recorded as a step, so a retry comments once). It posts as the member, or as
 * the organisation page in the connection's `organizationUrn` (chosen in Account Settings among
 * the pages listed at connection, `administeredPages`). OAuth
 * code flow (Sign In with LinkedIn using OpenID Connect + Share on LinkedIn); tokens last 60 days and most apps get no refresh
 * token, so the card says when to reconnect and an expired token fails with a request to reconnect.
 */
export const linkedinAdapter: PlatformAdapter<OAuthConnectInput> = {
  platform: 'linkedin',
  imageLimits: IMAGE_LIMITS.linkedin,
  suppliesLinkCardThumbnail: true,

  oauth: {
    unavailableReason: () => missingClientReason('linkedin', PLATFORM_NAME),
    // LinkedIn takes PKCE only from native apps; the signed single-use state guards this flow.
    async authorizationUrl(flow, deps) {
      return authorizationUrl({
        authorizeUrl: config().platformUrls.linkedinAuthorize,
        client: await linkedinClient(),
        redirectUri: deps.redirectUri,
        scopes: linkedinScopes(),
        state: flow.state,
      });
    },
  },

  async connect(input) {
    const tokens = await exchangeCode({
      ...tokenRequest(await linkedinClient(), input.deps.now),
      code: input.code,
      redirectUri: input.deps.redirectUri,
    });
    // LinkedIn lists the granted scopes comma-separated; without w_member_social nothing can be posted.
    const granted = (tokens.scope ?? '').split(/[\s,]+/).filter(Boolean);
    if (!granted.includes('w_member_social')) {
      throw new PlatformRejectedError(
        'LinkedIn did not grant permission to post on your behalf (w_member_social). Connect again and allow it.',
      );
    }
    const { body: me } = await callLinkedIn<{ sub?: string; name?: string }>(tokens.accessToken, {
      path: '/v2/userinfo',
    });
    if (!me.sub) throw new PlatformRejectedError('LinkedIn did not say which member this is');
    // The pages offered in Account Settings; the connection posts as the member until one is chosen.
    const pages = granted.includes('r_organization_admin') ? await listAdministeredPages(tokens.accessToken) : [];
    return {
      platformUsername: me.name ?? null,
      credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt },
      connectionData: { personUrn: `urn:li:person:${me.sub}`, administeredPages: pages, grantedScopes: granted },
    };
  },

  // Where the app may post as pages, a grant without the page scopes lists none until reconnected.
  lacksPageGrant: (connection) => config().linkedinOrganizationPages && !hasPageGrant(connection),

  // With no refresh token (most apps), an expired or expiring token asks the member to reconnect.
  refreshCredentials: (connection, now) =>
    refreshWhenDue(PLATFORM_NAME, connection.credentials, now, async () => tokenRequest(await linkedinClient(), now)),

  listTargets: async () => [],

  postRules: async () => postRulesFor('linkedin'),

  async publishPost(connection, post): Promise<MadePost> {
    const author = authorUrnOf(connection);
    if (!author) throw new ReconnectRequiredError(RECONNECT_MESSAGE);
    const commentary = escapeLittle(post.text);
    // The thread was composed as one post within the limit; anything else is refused before posting.
    if (post.total > 1 || commentary.length > LINKEDIN_COMMENTARY_LIMIT) {
      throw new PlatformRejectedError(
        `This thread is longer than one LinkedIn post allows (${LINKEDIN_COMMENTARY_LIMIT.toLocaleString('en')} characters).`,
      );
    }
    const steps = postSteps(post);
    const { firstComment } = post;
    if (!firstComment) return makePost(connection, author, commentary, post, steps);
    // The post is recorded before its comment, so a retry comments under it instead of posting again.
    const urn = await steps.once('post', async () => (await makePost(connection, author, commentary, post, steps)).id);
    const token = connection.credentials.accessToken;
    await steps.once('comment', () => commentOn(token, urn, author, firstComment, post.mayAlreadyExist));
    return { id: urn, url: feedUrl(urn) };
  },
};

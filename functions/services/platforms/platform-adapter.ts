import { blockedServerText, type ConnectionFailure, platformUnreachableText } from '#shared/messages/connections';
import type { AuthorPost } from '#shared/publishing/author-post';
import type { ImageLimits } from '#shared/publishing/image-limits';
import type { LinkPlacement } from '#shared/publishing/link-placement';
import type { PostRules } from '#shared/publishing/reflow';
import type { AuthorHandles } from '#shared/schemas/article';
import type { PostFigures } from '#shared/schemas/insights';
import type { MediaMimeType } from '#shared/schemas/media';
import type { Platform } from '#shared/schemas/thread';
import type { MadePost } from '../../data/publish-run-repository';
import type { ReconnectRequiredError } from '../../lib/errors';
import { BlockedAddressError } from '../../lib/outbound/host-guard';
import { findCause, unreachableReason } from '../../lib/outbound/network-failure';

/** Secrets of a connection, decrypted only inside the backend. */
export interface Credentials {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires, when the platform says. */
  expiresAt: string | null;
}

/** A usable connection: what the adapter needs to act for the user. */
export interface LiveConnection {
  platformUsername: string | null;
  credentials: Credentials;
  connectionData: Record<string, unknown>;
}

/** A place a post can go (a Telegram chat, a Discord channel, a subreddit). */
export interface PublishTarget {
  id: string;
  name: string;
}

/** One post to make, with what came before it in the thread. */
export interface OutgoingPost {
  text: string;
  index: number;
  total: number;
  /** The thread's first post (for platforms whose replies name the root), null for the first. */
  root: MadePost | null;
  /** The post this one replies to, null for the first. */
  parent: MadePost | null;
  /** Stable per run and position: a platform that honours it drops a repeat of the same post. */
  idempotencyKey: string;
  /**
   * When the run started (ISO; stable across retries and resumes, null for older runs): a platform
   * that keys records by time (Bluesky's TIDs) derives a stable record key from it and the position.
   */
  runStartedAt: string | null;
  /**
   * The time of this attempt at the post, by the run's clock: what a platform's time limits (a
   * rate-limit reset, an uploaded media id's expiry) are measured against.
   */
  now: Date;
  /**
   * True for the first post a redelivered message attempts: the worker that took the message
   * before may have made this post and stopped before recording it. A platform with no
   * idempotency key of its own looks for it before posting.
   */
  mayAlreadyExist: boolean;
  /**
   * The source article, for link cards, and the thread's language (BCP 47 primary tag: the
   * article's, or the one the model translated into) for the platforms with a field for it:
   * Bluesky's `langs`, Mastodon's `language`. X, Threads, Facebook, LinkedIn, Reddit, Telegram and
   * Discord take no language when a post is created. Every post, the attribution included, carries
   * the thread's language, so a reader filtering by language sees the thread whole.
   */
  article: { url: string; title: string; language?: string | null };
  /** The post's pictures, in order; empty for a text post. */
  images: OutgoingImage[];
  /**
   * The article's preview image for a link card the client must supply (Bluesky's external embed
   * `thumb`), null when none may be used (no image, short-quote mode, `noai`).
   */
  linkCardImage: OutgoingImage | null;
  /** Where the run places the source link (Bluesky: a link card on the first post as well). */
  linkPlacement: LinkPlacement;
  /** On the first post, a comment to make under it once it is made (LinkedIn's first comment), else null. */
  firstComment: string | null;
  /** On the credit post, the author's own post it quotes (checked when the run started), else null. */
  quote?: QuotedPost | null;
  /**
   * What an earlier attempt at this post recorded with `saveStep` (Threads: the container made but
   * not yet published), null when none: the adapter carries on from it instead of starting over.
   */
  step: PostStep | null;
  /** Records a first step's result at once, so a retry of this post reuses it (a two-step publish). */
  saveStep(step: PostStep): Promise<void>;
}

/**
 * A picture to post, already fitted to the platform's `imageLimits` (type, bytes, longest side) by
 * the publishing service; the adapter only uploads it. `alt` is empty only on platforms with no alt
 * text field.
 */
export interface OutgoingImage {
  /** The stored picture's id: stable across retries, so an upload recorded with `saveStep` under it is reused. */
  mediaId: string;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  bytes: number;
  alt: string;
  /** The fitted file. */
  read(): Promise<Uint8Array>;
  /** A short-lived URL the platform can fetch the fitted file from (Threads' `image_url`). */
  publicUrl(): Promise<string>;
}

/** An adapter's own record of a post under way (ids only, never a token). */
export type PostStep = Record<string, string>;

/** The author's post a credit quotes: what the platform quotes by (a Bluesky strong ref needs the cid). */
export interface QuotedPost {
  id: string;
  cid?: string;
}

/**
 * Platforms where the credit can quote the article author's own post about it. Search answers are
 * untrusted: `find` and `verify` keep only what chooseAuthorPost / isAuthorPostAbout accept for the
 * author's resolved account.
 */
export interface AuthorPostSearch {
  /** The author's account on this platform among those the article declares, or null. */
  authorOf(handles: AuthorHandles): string | null;
  /** The author's earliest post linking the article, seen from the connection; null when none. */
  find(connection: LiveConnection, author: string, articleUrl: string, now: Date): Promise<AuthorPost | null>;
  /** The post `postId` when it is the author's post about the article (a client's choice is re-checked), else null. */
  verify(
    connection: LiveConnection,
    author: string,
    articleUrl: string,
    postId: string,
    now: Date,
  ): Promise<AuthorPost | null>;
}

/** A client registered with the provider: the app's own (env/secret), or one registered per server (Mastodon). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string | null;
}

/**
 * Apps registered per server at run time (Mastodon registers one per instance), kept and reused, one
 * per scope set: a server refuses a consent asking for scopes its app was not registered with, so an
 * app registered for fewer scopes than are asked now is not returned, and a new one is registered.
 */
export interface OAuthAppRegistry {
  /** The app registered with the server for exactly these scopes (in any order), or null. */
  get(server: string, scopes: readonly string[]): Promise<OAuthClient | null>;
  /** Stores the app unless one was stored first for the same scopes; returns the one that is kept. */
  putIfAbsent(server: string, scopes: readonly string[], client: OAuthClient): Promise<OAuthClient>;
}

/** What an OAuth platform's flow steps get besides their own input. */
export interface OAuthFlowDeps {
  apps: OAuthAppRegistry;
  /** The callback URL registered with the provider: `{APP_PUBLIC_URL}/api/connections/{platform}/callback`. */
  redirectUri: string;
  now: Date;
}

/** What the start route's body may carry (Mastodon: the instance and username). */
export interface OAuthStartInput {
  instance?: string;
  username?: string;
}

/** What the callback hands an OAuth adapter's `connect`. */
export interface OAuthConnectInput {
  code: string;
  /** The PKCE verifier of this flow (send it when the authorization request carried the challenge). */
  codeVerifier: string;
  /** What `prepare` returned at the start of the flow, carried in the signed state. */
  context: Record<string, string>;
  /** Every query parameter of the callback (Discord adds `guild_id`). */
  callbackQuery: Record<string, string>;
  deps: OAuthFlowDeps;
}

/**
 * The consent-screen half of platforms that connect through OAuth (X, Reddit, Discord, Facebook,
 * Mastodon). The shared flow (functions/services/connections/oauth-connections.ts) issues the
 * signed single-use state, derives PKCE, runs the callback and stores what `connect` returns.
 */
export interface OAuthSupport {
  /** Null when the platform can be connected here; otherwise why not (shown instead of Connect). */
  unavailableReason(): Promise<string | null>;
  /** Checks the start input and returns what the callback will need (signed into the state). */
  prepare?(input: OAuthStartInput, deps: OAuthFlowDeps): Promise<Record<string, string>>;
  /** The consent screen's URL for this flow. */
  authorizationUrl(
    flow: { state: string; codeChallenge: string; context: Record<string, string> },
    deps: OAuthFlowDeps,
  ): Promise<string>;
}

/**
 * Platforms whose posts go to a place the user chooses (a Discord channel, a subreddit); the
 * choices are listed in the connection's data when it is made. Choosing reads only that data (no
 * secret is opened to record a channel), and publishing refuses the platform until a choice is made.
 */
export interface TargetSelection {
  /** The connectionData patch recording `targetId` as the choice; null when the connection does not list it. */
  select(connection: Pick<LiveConnection, 'connectionData'>, targetId: string): Record<string, unknown> | null;
  /** The chosen target's id, or null when none is chosen. */
  selected(connection: Pick<LiveConnection, 'connectionData'>): string | null;
  /** The spec's message when publishing without a choice ('Discord Channel Required'). */
  requiredMessage: string;
}

/**
 * What every platform adapter does (every platform, one interface). An adapter knows its API and
 * nothing else: no table, no queue. `TConnect` is what its connect step takes (credentials, or an
 * OAuth code).
 */
export interface PlatformAdapter<TConnect = unknown> {
  platform: Platform;
  /** Checks the credentials with the platform and returns the connection to store; nothing is stored on failure. */
  connect(input: TConnect): Promise<LiveConnection>;
  /** New credentials when the stored ones are expired or about to be; null when they are still good. */
  refreshCredentials(connection: LiveConnection, now: Date): Promise<Credentials | null>;
  /**
   * The access token is its own refresh credential (Threads' long-lived token): with no refresh
   * token the grant still renews itself before it ends, so the card does not ask for a reconnection.
   */
  renewsOwnToken?: boolean;
  /** Where posts can go for this connection. */
  listTargets(connection: LiveConnection): Promise<PublishTarget[]>;
  /** How this connection's posts are measured and bounded (an instance may set its own limit). */
  postRules(connection: LiveConnection): Promise<PostRules>;
  /**
   * Refuses, before a post is made, a run the platform cannot take whole: one its quota cannot take
   * (Threads' 24-hour publishing limits), or pictures the bot may not attach (Discord's Attach Files).
   * `remaining` are the posts still to make, `made` how many already are, `withPictures` whether any
   * post still to make carries pictures.
   */
  beforeRun?(
    connection: LiveConnection,
    run: { remaining: number; made: number; withPictures: boolean },
  ): Promise<void>;
  /** What the platform's media API takes (shared/publishing/image-limits.ts). */
  imageLimits: ImageLimits;
  /**
   * True when the connection's grant was made before ThreadSnip posted pictures and does not cover
   * uploading them (X without media.write): publishing pictures there is refused before anything is
   * sent, and the card asks for a reconnection. Absent where a grant's scopes cannot fall behind.
   */
  lacksPictureGrant?(connection: Pick<LiveConnection, 'connectionData'>): boolean;
  /**
   * True when the app may post as organisation pages but the connection's grant predates the page
   * scopes (LinkedIn without r_organization_admin and w_organization_social): it has no page list,
   * and the card asks for a reconnection to post as a page.
   */
  lacksPageGrant?(connection: Pick<LiveConnection, 'connectionData'>): boolean;
  /**
   * The client supplies the link card's thumbnail (Bluesky's external embed, LinkedIn's article):
   * its posts get `linkCardImage` when the publisher allows reusing the article's picture.
   */
  suppliesLinkCardThumbnail?: true;
  /** Makes one post; throws a PlatformError subclass on failure. */
  publishPost(connection: LiveConnection, post: OutgoingPost): Promise<MadePost>;
  /** The URL shown on the completed row; when absent, the thread's first post's (threadUrlOf). */
  threadUrl?(connection: LiveConnection, made: readonly MadePost[]): string | null;
  /**
   * Reads back the public figures of the posts a run made (`made`, in thread order), through the
   * platform's documented read endpoint; a post the platform says is gone comes back `deleted`. Absent
   * on platforms that report no figures (Telegram, LinkedIn). Throws a PlatformError as publishing does.
   */
  readEngagement?(connection: LiveConnection, made: readonly MadePost[], now: Date): Promise<PostFigures[]>;
  /** Present on platforms connected through a consent screen; their `TConnect` is OAuthConnectInput. */
  oauth?: OAuthSupport;
  /** Present on platforms whose credit post can quote the author's own post. */
  authorPosts?: AuthorPostSearch;
  /** Present on platforms that post into a chosen channel or community. */
  targetSelection?: TargetSelection;
}

/** The URL shown on a completed row: the adapter's own, or the thread's first post's. */
export function threadUrlOf(adapter: PlatformAdapter, connection: LiveConnection, made: readonly MadePost[]) {
  return adapter.threadUrl ? adapter.threadUrl(connection, made) : (made[0]?.url ?? null);
}

/** The figures of a post the platform no longer has. */
export const deletedPost = (position: number, post: MadePost): PostFigures => ({
  position,
  remoteId: post.id,
  deleted: true,
  metrics: {},
});

/** Keeps only the figures that are whole, non-negative numbers (a platform's garbage is not a figure). */
export function figures(values: Partial<Record<keyof PostFigures['metrics'], unknown>>): PostFigures['metrics'] {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value === 'number' && Number.isInteger(value) && value >= 0),
  );
}

/** A platform refused or failed a call; `message` is safe to show on the platform's row. */
export class PlatformError extends Error {}

/** The platform asked us to wait (429 or rate-limit headers); the message is re-queued with this delay. */
export class PlatformRateLimitError extends PlatformError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A failure a retry may fix (5xx, network). */
export class PlatformUnavailableError extends PlatformError {}

/** Nothing answered (no such name, nothing listening, no answer in time, the connection dropped). */
export class PlatformUnreachableError extends PlatformUnavailableError {
  constructor(platformName: string, host: string, cause: unknown) {
    super(platformUnreachableText(platformName, unreachableReason(cause, host)));
  }
}

/** A refusal no retry fixes (bad token, no permission, invalid post). */
export class PlatformRejectedError extends PlatformError {}

/** The platform refused to quote the author's post (deleted, quote policy): the credit is made without the quote. */
export class QuoteRefusedError extends PlatformRejectedError {}

/** What a platform call fails with: a PlatformError, or a grant the user must renew (a DomainError). */
export type PlatformFailure = PlatformError | ReconnectRequiredError;

/** The outbound guard would not send to the server's address: nothing was sent, no retry fixes it. */
export class PlatformBlockedError extends PlatformRejectedError {
  constructor(subject: string, host: string, blocked: BlockedAddressError) {
    super(blockedServerText(subject, host, blocked.reason));
  }
}

/**
 * The PlatformError for a guarded request that got no answer: blocked when the guard refused the
 * address (`subject` names the server: 'The instance'), unreachable otherwise.
 */
export function unansweredRequestError(platformName: string, subject: string, host: string, error: unknown) {
  const blocked = findCause(error, BlockedAddressError);
  return blocked
    ? new PlatformBlockedError(subject, host, blocked)
    : new PlatformUnreachableError(platformName, host, error);
}

/** How a connection attempt failed, for its message (refused only when the platform said no). */
export function connectionFailureOf(error: PlatformFailure): ConnectionFailure {
  if (error instanceof PlatformBlockedError) return 'blocked';
  if (error instanceof PlatformUnreachableError) return 'unreachable';
  if (error instanceof PlatformUnavailableError) return 'unavailable';
  return 'refused';
}

/** How a platform's rate-limit reset header counts: an epoch time in seconds (X, Discord) or seconds from now (Reddit). */
export type RateLimitResetForm = 'epoch' | 'seconds-from-now';

/** The seconds an answer's Retry-After header asks for (delta-seconds or an HTTP date), at least 1; null when absent or unreadable. */
export function statedRetryAfter(headers: Headers, now: Date): number | null {
  const retryAfter = headers.get('retry-after');
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(retryAfter);
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now.getTime()) / 1000)) : null;
}

/**
 * Seconds to wait from a Retry-After header (seconds or HTTP date) or a reset header, in the
 * platform's form: x-ratelimit-reset (Reddit, Discord, Mastodon), x-rate-limit-reset (X) or
 * ratelimit-reset (Bluesky).
 */
export function retryAfterSeconds(
  headers: Headers,
  now: Date,
  fallback = 30,
  resetForm: RateLimitResetForm = 'epoch',
): number {
  const stated = statedRetryAfter(headers, now);
  if (stated !== null) return stated;
  const reset = headers.get('x-ratelimit-reset') ?? headers.get('x-rate-limit-reset') ?? headers.get('ratelimit-reset');
  if (reset) {
    const numeric = Number(reset);
    if (resetForm === 'seconds-from-now' && Number.isFinite(numeric)) return Math.max(1, Math.ceil(numeric));
    const resetMs = Number.isFinite(numeric) ? numeric * 1000 : Date.parse(reset);
    if (Number.isFinite(resetMs)) return Math.max(1, Math.ceil((resetMs - now.getTime()) / 1000));
  }
  return fallback;
}

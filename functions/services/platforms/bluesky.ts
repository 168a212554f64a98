import { createHash } from 'node:crypto';
import type {} from '@atcute/atproto';
import type {
  AppBskyEmbedExternal,
  AppBskyEmbedImages,
  AppBskyEmbedRecord,
  AppBskyEmbedRecordWithMedia,
  AppBskyFeedPost,
} from '@atcute/bluesky';
import { Client, ClientResponseError, ok, simpleFetchHandler } from '@atcute/client';
import { decodeJwt } from 'jose';
import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { assertQuotable, blueskyAuthorPosts, readBlueskyFigures, type SessionSearch } from './bluesky-appview';
import { blueskyPostUrl, type Did, type Handle, richPost } from './bluesky-rich-text';
import { uploadOnce } from './media-uploads';
import {
  type Credentials,
  type LiveConnection,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformError,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  type QuotedPost,
  retryAfterSeconds,
} from './platform-adapter';
import { platformFetch } from './platform-http';

/** What the Bluesky connect form sends (spec bluesky-auth). */
export interface BlueskyConnectInput {
  handle: string;
  appPassword: string;
}

/** The session is refreshed when its access JWT has less than this left (a publish takes seconds). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** The access JWT's scope when the account's own password was used rather than an app password. */
const FULL_ACCESS_SCOPE = 'com.atproto.access';
/** XRPC answers here are small JSON; a server sending more is not read further. */
const MAX_ANSWER_BYTES = 1024 * 1024;
// What the client reports when an error reply carries no XRPC body (a proxy's HTML page, say).
const NO_XRPC_BODY = 'UnknownXRPCError';
const UNREADABLE = 'Bluesky sent an answer that could not be read';

/**
 * Every Bluesky request (the sign-in service, the PDS an account's DID document names, handle
 * resolution) goes through the outbound guard, as Mastodon's do: https to public addresses only
 * (every resolved address checked, the connected one again), or hosts in ALLOW_PRIVATE_FETCH_HOSTS;
 * a redirect is a refusal, never followed; an answer is read whole within a cap.
 */
const blueskyFetch = platformFetch('Bluesky', {
  guard: 'The Bluesky server',
  refuseRedirects: true,
  maxBytes: MAX_ANSWER_BYTES,
});

/** An XRPC client on `service` (the entryway for session calls, the account's PDS for the rest). */
function xrpc(service: string): Client {
  return new Client({ handler: simpleFetchHandler({ service, fetch: blueskyFetch }) });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Bluesky's AppView as a service proxy target (docs.bsky.app, "API Hosts and Auth": app.bsky.* reads
 * made with a session go to the account's PDS, which forwards them to the service the
 * `atproto-proxy` header names, as Bluesky's own app does).
 */
const BLUESKY_APPVIEW_PROXY = 'did:web:api.bsky.app#bsky_appview';

/**
 * Ends a session that will not be kept (deleteSession takes the refresh token), through the same
 * guarded fetch. Best effort: the caller's own failure stands whatever the service answers.
 */
async function endSession(client: Client, refreshJwt: string): Promise<void> {
  await client
    .post('com.atproto.server.deleteSession', { as: null, headers: bearer(refreshJwt) })
    .catch(() => undefined);
}

/** Maps a failed call to the PlatformError the publishing service acts on. */
function platformError(error: unknown): PlatformError {
  if (error instanceof PlatformError) return error;
  // Failures of the request itself are PlatformErrors already: anything else is an unreadable reply.
  if (!(error instanceof ClientResponseError)) return new PlatformUnavailableError(UNREADABLE);
  const named = error.error === NO_XRPC_BODY ? '' : error.description || error.error;
  const message = named || `Bluesky answered ${error.status}`;
  if (error.status === 429) return new PlatformRateLimitError(message, retryAfterSeconds(error.headers, new Date()));
  if (error.status >= 500) return new PlatformUnavailableError(message);
  return new PlatformRejectedError(message);
}

async function call<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw platformError(error);
  }
}

/** `data` when each of `fields` is a non-empty string; otherwise the reply is unreadable. */
function readable<T extends object>(data: T, fields: readonly (keyof T)[]): T {
  if (fields.every((field) => typeof data[field] === 'string' && data[field] !== '')) return data;
  throw new PlatformUnavailableError(UNREADABLE);
}

/** The access JWT's expiry (ISO) and scope, read without verifying: the PDS verifies it. */
function accessClaims(accessJwt: string): { expiresAt: string | null; scope: string | null } {
  try {
    const claims = decodeJwt(accessJwt);
    return {
      expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null,
      scope: typeof claims.scope === 'string' ? claims.scope : null,
    };
  } catch {
    return { expiresAt: null, scope: null };
  }
}

/** The session fields kept; createSession and refreshSession both answer with them. */
interface Session {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
  didDoc?: unknown;
}

const sessionFields = ['accessJwt', 'refreshJwt', 'did', 'handle'] as const;

function credentialsOf(session: Session): Credentials {
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: accessClaims(session.accessJwt).expiresAt,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const withoutTrailingSlash = (url: string) => new URL(url).href.replace(/\/+$/, '');

/**
 * The PDS endpoint the account's DID document names (service `#atproto_pds` of type
 * AtprotoPersonalDataServer, an http(s) URL); null when the document is missing or names none.
 */
function pdsEndpoint(didDoc: unknown, did: string): string | null {
  if (!isRecord(didDoc) || didDoc.id !== did || !Array.isArray(didDoc.service)) return null;
  const entry: unknown = didDoc.service.find(
    (service: unknown) => isRecord(service) && (service.id === '#atproto_pds' || service.id === `${did}#atproto_pds`),
  );
  if (!isRecord(entry) || entry.type !== 'AtprotoPersonalDataServer') return null;
  const endpoint = entry.serviceEndpoint;
  if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint)) return null;
  return withoutTrailingSlash(endpoint);
}

function stored(connection: LiveConnection, field: 'did' | 'handle' | 'service' | 'pds'): string {
  const value = connection.connectionData[field];
  if (typeof value !== 'string' || !value) throw new PlatformRejectedError('The Bluesky connection is incomplete');
  return value;
}

const isDid = (value: unknown): value is Did => typeof value === 'string' && /^did:[a-z]+:\S+$/.test(value);

/** Resolves a mention's handle on the account's PDS; any failure leaves the mention as text. */
async function resolvedDid(client: Client, handle: Handle, headers: HeadersInit): Promise<Did | null> {
  const answer = await client.get('com.atproto.identity.resolveHandle', { params: { handle }, headers });
  return answer.ok && isDid(answer.data.did) ? answer.data.did : null;
}

/**
 * The author's posts searched with the curator's session: app.bsky.feed.searchPosts on their PDS
 * with the stored access JWT, proxied to the AppView; null when the connection holds no session
 * (no PDS or no access JWT), so the public AppView is asked instead.
 */
const searchWithSession: SessionSearch = async (connection, params) => {
  const pds = connection.connectionData.pds;
  const { accessToken } = connection.credentials;
  if (typeof pds !== 'string' || !pds || !accessToken) return null;
  const client = new Client({
    handler: simpleFetchHandler({ service: pds, fetch: blueskyFetch }),
    proxy: BLUESKY_APPVIEW_PROXY,
  });
  const answer = await call(async () =>
    ok(client.get('app.bsky.feed.searchPosts', { params, headers: bearer(accessToken) })),
  );
  return Array.isArray(answer.posts) ? answer.posts : [];
};

/**
 * Bluesky (AT Protocol, through @atcute/client): an app-password session kept and refreshed, never a
 * login per publish (createSession is rate-limited); posts with link, tag and mention facets, replies
 * naming root and parent (uri + cid), and the attribution post carrying a link card for the article.
 */
export const blueskyAdapter: PlatformAdapter<BlueskyConnectInput> = {
  platform: 'bluesky',
  imageLimits: IMAGE_LIMITS.bluesky,
  suppliesLinkCardThumbnail: true,

  async connect(input) {
    const service = config().platformUrls.bluesky;
    const client = xrpc(service);
    const session = await call(async () =>
      readable(
        await ok(
          client.post('com.atproto.server.createSession', {
            input: { identifier: input.handle, password: input.appPassword },
          }),
        ),
        sessionFields,
      ),
    );
    // Posting needs no more than an app password grants; the account password is never kept working.
    if (accessClaims(session.accessJwt).scope === FULL_ACCESS_SCOPE) {
      await endSession(client, session.refreshJwt);
      throw new PlatformRejectedError('use an app password (Settings → App Passwords), not your account password');
    }
    // An entryway (bsky.social) fronts many PDSes; records go straight to the account's own.
    const pds = pdsEndpoint(session.didDoc, session.did) ?? withoutTrailingSlash(service);
    // The DID document is the sign-in service's word: its PDS is asked for this very session, through
    // the guard, before anything is stored, so a PDS the guard refuses (or a dead one) fails here.
    try {
      const owner = await call(async () =>
        readable(await ok(xrpc(pds).get('com.atproto.server.getSession', { headers: bearer(session.accessJwt) })), [
          'did',
        ]),
      );
      if (owner.did !== session.did) throw new PlatformRejectedError(`${new URL(pds).host} serves another account`);
    } catch (error) {
      // Nothing is stored, so the session just opened would stay open on the sign-in service.
      await endSession(client, session.refreshJwt);
      throw error;
    }
    return {
      platformUsername: `@${session.handle}`,
      credentials: credentialsOf(session),
      connectionData: { did: session.did, handle: session.handle, service, pds },
    };
  },

  async refreshCredentials(connection, now) {
    const { expiresAt, refreshToken } = connection.credentials;
    if (!refreshToken || !expiresAt || Date.parse(expiresAt) - now.getTime() > REFRESH_MARGIN_MS) return null;
    // Session calls go to the service the session was made on (an entryway may front many PDSes).
    const client = xrpc(stored(connection, 'service'));
    const session = await call(async () =>
      readable(
        await ok(client.post('com.atproto.server.refreshSession', { headers: bearer(refreshToken) })),
        sessionFields,
      ),
    );
    if (session.did !== stored(connection, 'did')) {
      throw new PlatformRejectedError('Bluesky ended the session; connect Bluesky again');
    }
    return credentialsOf(session);
  },

  listTargets: async (connection) => [{ id: stored(connection, 'did'), name: stored(connection, 'handle') }],

  postRules: async () => postRulesFor('bluesky'),

  async publishPost(connection, post): Promise<MadePost> {
    // The stored access JWT on the account's PDS: no login, no hidden refresh.
    const client = xrpc(stored(connection, 'pds'));
    const headers = bearer(connection.credentials.accessToken);
    const { text, facets } = await richPost(post.text, (handle) => resolvedDid(client, handle, headers));
    const reply = replyRefs(post.root, post.parent);
    if (post.quote) await assertQuotable(post.quote, post.now);
    const media = await postEmbed(post, (image) => uploadBlob(client, headers, image));
    const embed = post.quote ? quoteEmbed(post.quote, media) : media;
    // Cast only for the lexicon's string formats (at:// URIs, the article's http URL), which these meet.
    const record = {
      $type: 'app.bsky.feed.post',
      text,
      createdAt: new Date().toISOString(),
      ...(facets.length > 0 ? { facets } : {}),
      ...(reply ? { reply } : {}),
      // The lexicon's BCP 47 languages of the text: the thread's, so language feeds and filters find it.
      ...(post.article.language ? { langs: [post.article.language] } : {}),
      ...(embed ? { embed } : {}),
    } as AppBskyFeedPost.Main;
    const repo = stored(connection, 'did');
    if (!isDid(repo)) throw new PlatformRejectedError('The Bluesky connection is incomplete');
    const rkey = post.runStartedAt ? postRecordKey(post.runStartedAt, post.idempotencyKey, post.index) : null;
    let created: { uri: string; cid: string };
    try {
      created = await call(async () =>
        readable(
          await ok(
            client.post('com.atproto.repo.createRecord', {
              input: { repo, collection: 'app.bsky.feed.post', record, ...(rkey ? { rkey } : {}) },
              headers,
            }),
          ),
          ['uri', 'cid'],
        ),
      );
    } catch (error) {
      // A refusal or a lost answer: the post may have been made by this very call or an earlier
      // attempt whose answer never came back. Its record key says where it would be.
      const earlier = rkey ? await existingRecord(client, repo, rkey, headers) : null;
      if (!earlier) throw error;
      created = earlier;
    }
    return { id: created.uri, cid: created.cid, url: blueskyPostUrl(stored(connection, 'handle'), created.uri) };
  },

  readEngagement: (_connection, made, now) => readBlueskyFigures(made, now),

  authorPosts: blueskyAuthorPosts(searchWithSession),
};

/**
 * The credit's embed when it quotes the author's post: app.bsky.embed.record, or recordWithMedia
 * keeping the link card (or pictures) beside the quote, as the lexicon's media union allows.
 */
function quoteEmbed(
  quote: QuotedPost,
  media: AppBskyEmbedImages.Main | AppBskyEmbedExternal.Main | null,
): AppBskyEmbedRecord.Main | AppBskyEmbedRecordWithMedia.Main {
  if (!quote.cid) throw new PlatformRejectedError('The quoted Bluesky post has no cid');
  // Cast only for the lexicon's string formats (the at:// URI, the CID), which a checked post meets.
  const record = {
    $type: 'app.bsky.embed.record',
    record: { uri: quote.id, cid: quote.cid },
  } as AppBskyEmbedRecord.Main;
  // postEmbed always names its $type, which the media union requires.
  const withMedia = media as AppBskyEmbedRecordWithMedia.Main['media'] | null;
  return withMedia ? { $type: 'app.bsky.embed.recordWithMedia', record, media: withMedia } : record;
}

/** A blob as uploadBlob returns it and a record refers to it. */
type BlobRef = AppBskyEmbedImages.Image['image'];

/** Uploads a picture's bytes (com.atproto.repo.uploadBlob, its MIME type as Content-Type) to the account's PDS. */
async function uploadBlob(client: Client, headers: Record<string, string>, image: OutgoingImage): Promise<BlobRef> {
  const input = await image.read();
  const answer = await call(() =>
    ok(client.post('com.atproto.repo.uploadBlob', { input, headers: { ...headers, 'content-type': image.mimeType } })),
  );
  return answer.blob;
}

/**
 * The post's one embed (a record takes one): its pictures (app.bsky.embed.images, with alt text and
 * aspect ratio) when it has any, else on the attribution post (and on the first post when the link
 * is placed there too) the article's link card (app.bsky.embed.external, its thumb uploaded from
 * `linkCardImage`), else none. Links stay facets.
 * Each blob is recorded under its mediaId, so a retry of the post links the blob already uploaded.
 */
async function postEmbed(
  post: OutgoingPost,
  upload: (image: OutgoingImage) => Promise<BlobRef>,
): Promise<AppBskyEmbedImages.Main | AppBskyEmbedExternal.Main | null> {
  const blobsOf = async (images: OutgoingImage[]) =>
    (await uploadOnce(post, images, IMAGE_LIMITS.bluesky, async (image) => JSON.stringify(await upload(image)))).map(
      (blob) => JSON.parse(blob) as BlobRef,
    );
  if (post.images.length > 0) {
    const blobs = await blobsOf(post.images);
    return {
      $type: 'app.bsky.embed.images',
      images: post.images.map((image, position) => ({
        alt: image.alt,
        aspectRatio: { width: image.width, height: image.height },
        image: blobs[position]!,
      })),
    };
  }
  const firstPostCard = post.index === 0 && post.linkPlacement === 'first-post-and-credit';
  if (post.index !== post.total - 1 && !firstPostCard) return null;
  const [thumb] = post.linkCardImage ? await blobsOf([post.linkCardImage]) : [];
  return {
    $type: 'app.bsky.embed.external',
    external: {
      uri: post.article.url as AppBskyEmbedExternal.External['uri'],
      title: post.article.title,
      description: '',
      ...(thumb ? { thumb } : {}),
    },
  };
}

const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The record key a run's post is created under, the same on every attempt: a TID (microseconds
 * since 1970, then a 10-bit clock id, as 13 base32-sortable characters) made of the run's start
 * plus the post's position, the clock id from its idempotency key. A PDS creates a key only once,
 * so a post whose answer was lost is found again rather than made twice; the keys sort in thread
 * order like the TIDs Bluesky makes itself. Null when the run's start is not a time.
 */
export function postRecordKey(runStartedAt: string, idempotencyKey: string, index: number): string | null {
  const startedMs = Date.parse(runStartedAt);
  if (!Number.isFinite(startedMs) || startedMs < 0) return null;
  const clockId = BigInt(createHash('sha256').update(idempotencyKey).digest().readUInt16BE(0) & 0x3ff);
  let value = ((BigInt(startedMs) * 1000n + BigInt(index)) << 10n) | clockId;
  let key = '';
  for (let position = 0; position < 13; position += 1) {
    key = TID_ALPHABET[Number(value & 31n)] + key;
    value >>= 5n;
  }
  return key;
}

/** The post already stored under `rkey` in the account's repository, or null (none, or no answer). */
async function existingRecord(
  client: Client,
  repo: Did,
  rkey: string,
  headers: HeadersInit,
): Promise<{ uri: string; cid: string } | null> {
  try {
    const answer = await client.get('com.atproto.repo.getRecord', {
      params: { repo, collection: 'app.bsky.feed.post', rkey },
      headers,
    });
    return answer.ok && typeof answer.data.uri === 'string' && typeof answer.data.cid === 'string'
      ? { uri: answer.data.uri, cid: answer.data.cid }
      : null;
  } catch {
    return null;
  }
}

/** A reply's root and parent (uri + cid); posts made before cids were kept cannot be replied to. */
function replyRefs(root: MadePost | null, parent: MadePost | null) {
  if (!root || !parent) return null;
  if (!root.cid || !parent.cid) throw new PlatformRejectedError('An earlier post of this thread has no Bluesky cid');
  return { root: { uri: root.id, cid: root.cid }, parent: { uri: parent.id, cid: parent.cid } };
}

import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { authorPostMessages } from '#shared/messages/author-posts';
import { type AuthorPost, type AuthorPostCandidate, chooseAuthorPost } from '#shared/publishing/author-post';
import type { PostFigures } from '#shared/schemas/insights';
import { blueskyPostUrl } from './bluesky-rich-text';
import {
  type AuthorPostSearch,
  deletedPost,
  figures,
  type LiveConnection,
  PlatformRejectedError,
  type QuotedPost,
  QuoteRefusedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi } from './platform-http';

/** app.bsky.feed.getPosts takes at most 25 URIs a call. */
const URIS_PER_CALL = 25;

interface PostView {
  uri?: unknown;
  cid?: unknown;
  author?: { did?: unknown; handle?: unknown };
  record?: unknown;
  embed?: unknown;
  viewer?: { embeddingDisabled?: unknown };
  likeCount?: unknown;
  repostCount?: unknown;
  replyCount?: unknown;
  quoteCount?: unknown;
}

const appViewApi: PlatformApi<{ error?: unknown; message?: unknown }> = {
  name: 'Bluesky',
  refused: ({ status, body }) =>
    new PlatformRejectedError(
      `The Bluesky AppView refused the read: ${typeof body?.message === 'string' ? body.message : `HTTP ${status}`}`,
    ),
};

/**
 * The public figures of Bluesky posts from the public AppView (app.bsky.feed.getPosts, no token):
 * likes, reposts, replies, quotes. A post the AppView leaves out of its answer is gone.
 */
export async function readBlueskyFigures(made: readonly MadePost[], now: Date): Promise<PostFigures[]> {
  const views = new Map<string, PostView>();
  for (let start = 0; start < made.length; start += URIS_PER_CALL) {
    const batch = made.slice(start, start + URIS_PER_CALL).map((post) => post.id);
    for (const view of await postViews(batch, now)) {
      if (typeof view.uri === 'string') views.set(view.uri, view);
    }
  }
  return made.map((post, position) => {
    const view = views.get(post.id);
    if (!view) return deletedPost(position, post);
    return {
      position,
      remoteId: post.id,
      deleted: false,
      metrics: figures({
        likes: view.likeCount,
        reposts: view.repostCount,
        replies: view.replyCount,
        quotes: view.quoteCount,
      }),
    };
  });
}

/** searchPosts answers at most this many posts a page; the author's shares of one article fit in one. */
const SEARCH_LIMIT = 25;

const appView = (method: string, query: URLSearchParams) =>
  `${config().platformUrls.blueskyAppView}/xrpc/${method}?${query}`;

async function postViews(uris: readonly string[], now: Date): Promise<PostView[]> {
  const answer = await callPlatform<{ posts?: PostView[] }>(
    appViewApi,
    { url: appView('app.bsky.feed.getPosts', new URLSearchParams(uris.map((uri) => ['uris', uri]))) },
    now,
  );
  return Array.isArray(answer.body.posts) ? answer.body.posts : [];
}

/** The author's DID: a DID as declared, else the handle resolved by the AppView; null when it does not resolve. */
async function authorDid(author: string, now: Date): Promise<string | null> {
  const handle = author.replace(/^@/, '');
  if (handle.startsWith('did:')) return handle;
  try {
    const answer = await callPlatform<{ did?: unknown }>(
      appViewApi,
      { url: appView('com.atproto.identity.resolveHandle', new URLSearchParams({ handle })) },
      now,
    );
    return typeof answer.body.did === 'string' && answer.body.did.startsWith('did:') ? answer.body.did : null;
  } catch (error) {
    // A handle that no longer resolves is no author to quote; any other failure is the caller's.
    if (error instanceof PlatformRejectedError) return null;
    throw error;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every link a post carries: its link facets and its link card (on its own or beside a quote). */
function linksOf(record: Record<string, unknown>): string[] {
  const facetLinks = (Array.isArray(record.facets) ? record.facets : []).flatMap((facet: unknown) =>
    isRecord(facet) && Array.isArray(facet.features)
      ? facet.features.flatMap((feature: unknown) =>
          isRecord(feature) && feature.$type === 'app.bsky.richtext.facet#link' ? [text(feature.uri)] : [],
        )
      : [],
  );
  const embed = isRecord(record.embed) ? record.embed : {};
  const card = [embed.external, isRecord(embed.media) ? embed.media.external : undefined].flatMap((external) =>
    isRecord(external) ? [text(external.uri)] : [],
  );
  return [...facetLinks, ...card].filter(Boolean);
}

function candidateOf(view: PostView): AuthorPostCandidate | null {
  const record = isRecord(view.record) ? view.record : null;
  const did = text(view.author?.did);
  const handle = text(view.author?.handle);
  if (!record || typeof view.uri !== 'string' || typeof view.cid !== 'string' || !did) return null;
  return {
    id: view.uri,
    cid: view.cid,
    url: blueskyPostUrl(handle || did, view.uri),
    authorId: did,
    authorHandle: handle ? `@${handle}` : did,
    text: text(record.text),
    createdAt: text(record.createdAt),
    links: linksOf(record),
  };
}

/** app.bsky.feed.searchPosts's parameters as the author's post search sends them. */
export interface AuthorSearchParams {
  q: string;
  url: `${string}:${string}`;
  author: `did:${string}:${string}`;
  sort: 'latest';
  limit: number;
}

/**
 * app.bsky.feed.searchPosts with the curator's session, on their PDS (which proxies it to the
 * AppView); null when the connection holds no session to search with.
 */
export type SessionSearch = (connection: LiveConnection, params: AuthorSearchParams) => Promise<unknown[] | null>;

/** The public AppView's searchPosts, with no token (the AppView may refuse it: it is the fallback). */
async function publicSearch(params: AuthorSearchParams, now: Date): Promise<unknown[]> {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const answer = await callPlatform<{ posts?: unknown }>(
    appViewApi,
    { url: appView('app.bsky.feed.searchPosts', query) },
    now,
  );
  return Array.isArray(answer.body.posts) ? answer.body.posts : [];
}

const isDidString = (value: string): value is AuthorSearchParams['author'] => /^did:[a-z]+:\S+$/.test(value);

/**
 * Finding and checking the author's own post on Bluesky: app.bsky.feed.searchPosts filtered by
 * `url` and `author`, asked through the curator's session (`searchWithSession`; the public AppView
 * may refuse unauthenticated searches) and of the public AppView only when there is no session; each
 * answer kept only when its author's DID is the one the author's handle resolves to and it links the
 * article. Posts are read back (getPosts) from the public AppView, which serves them to anyone.
 */
export function blueskyAuthorPosts(searchWithSession: SessionSearch): AuthorPostSearch {
  return {
    authorOf: (handles) => handles.bluesky ?? null,

    async find(connection, author, articleUrl, now) {
      const did = await authorDid(author, now);
      if (!did || !isDidString(did)) return null;
      const params: AuthorSearchParams = {
        // q is required; the url and author filters do the narrowing (the post's text shows links shortened).
        q: '*',
        // The article's URL is absolute (the extractor keeps only http(s) URLs).
        url: articleUrl as AuthorSearchParams['url'],
        author: did,
        sort: 'latest',
        limit: SEARCH_LIMIT,
      };
      const found = (await searchWithSession(connection, params)) ?? (await publicSearch(params, now));
      const views = found.filter(isRecord) as PostView[];
      return chooseAuthorPost(
        views.map(candidateOf).filter((post) => post !== null),
        did,
        articleUrl,
      );
    },

    async verify(_connection, author, articleUrl, postId, now): Promise<AuthorPost | null> {
      const did = await authorDid(author, now);
      if (!did || !postId.startsWith(`at://${did}/app.bsky.feed.post/`)) return null;
      const [view] = await postViews([postId], now);
      const candidate = view ? candidateOf(view) : null;
      return candidate ? chooseAuthorPost([candidate], did, articleUrl) : null;
    },
  };
}

/**
 * The quoted post as it is now, checked just before the credit is made: a post that is gone, or whose
 * author detached quotes of it (postgate), is refused with QuoteRefusedError.
 */
export async function assertQuotable(quote: QuotedPost, now: Date): Promise<void> {
  const [view] = await postViews([quote.id], now);
  if (!view) throw new QuoteRefusedError(authorPostMessages.deleted);
  if (view.viewer?.embeddingDisabled === true) throw new QuoteRefusedError(authorPostMessages.notAllowed);
}

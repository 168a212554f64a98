import { engagementReadsAllowed } from '#shared/insights/engagement';
import { authorPostMessages } from '#shared/messages/author-posts';
import type { AuthorPostsResponse, ChosenQuotes, QuotingPlatform } from '#shared/schemas/author-posts';
import type { Platform, Thread } from '#shared/schemas/thread';
import { logger } from '../../lib/logger';
import { loadLiveConnection } from '../connections/connections';
import { adapterFor } from '../platforms/adapters';
import type { LiveConnection, QuotedPost } from '../platforms/platform-adapter';
import { type Acting, assertThreadAccess, UNKNOWN_ACTING } from '../threads/thread-access';

/**
 * Per platform, the article author's own post about the thread's article, for the share step; null
 * where there is none, the platform is not connected, the article names no account there, the
 * platform bills reads and the curator has not turned them on (X, as for insights), or the search
 * failed (the thread then credits as before, so a failed search is logged, not shown).
 */
export async function findAuthorPosts(
  userId: string,
  threadId: string,
  platforms: readonly QuotingPlatform[],
  now: Date,
  acting: Acting = UNKNOWN_ACTING,
): Promise<AuthorPostsResponse> {
  const thread = await assertThreadAccess({ userId, ...acting, now }, threadId);
  const posts = await Promise.all(
    platforms.map(async (platform) => ({ platform, ...(await authorPostOn(userId, platform, thread, now)) })),
  );
  return { posts };
}

type AuthorPostFound = Omit<AuthorPostsResponse['posts'][number], 'platform'>;

async function authorPostOn(userId: string, platform: Platform, thread: Thread, now: Date): Promise<AuthorPostFound> {
  const search = adapterFor(platform).authorPosts;
  const author = thread.authorHandles ? search?.authorOf(thread.authorHandles) : null;
  if (!search || !author) return { post: null };
  try {
    // A connection that must be renewed first finds nothing here; the publish request says so.
    const connection = await loadLiveConnection(userId, platform, now);
    if (!connection) return { post: null };
    // The curator can turn billed reads on: the share step says so rather than showing nothing.
    if (!engagementReadsAllowed(platform, connection.connectionData))
      return { post: null, unsearched: 'paid_reads_off' };
    return { post: await search.find(connection, author, thread.sourceUrl, now) };
  } catch (error) {
    logger.warn("the author's post search failed", {
      platform,
      error: error instanceof Error ? error.message : String(error),
    });
    return { post: null };
  }
}

/** The quote a run starts with, and why there is none when the curator chose one. */
export interface CheckedQuote {
  quote: QuotedPost | null;
  quoteNote: string | null;
}

/**
 * The post the curator chose to quote on `platform`, checked again on the server (a client's id is never trusted):
 * quoted only when it is still the author's post about this article; otherwise the credit is plain and
 * the run says why. A failed check is no quote, never a failed publish.
 */
export async function checkedQuote(
  platform: Platform,
  connection: LiveConnection,
  thread: Thread,
  quotes: ChosenQuotes | undefined,
  now: Date,
): Promise<CheckedQuote> {
  const postId = new Map(Object.entries(quotes ?? {})).get(platform);
  if (!postId) return { quote: null, quoteNote: null };
  const search = adapterFor(platform).authorPosts;
  const author = thread.authorHandles ? search?.authorOf(thread.authorHandles) : null;
  const notFound = { quote: null, quoteNote: authorPostMessages.notFound };
  if (!search || !author) return notFound;
  // A billed read the curator has not allowed (X's paid reads) is not made to check the post.
  if (!engagementReadsAllowed(platform, connection.connectionData)) {
    return { quote: null, quoteNote: authorPostMessages.paidReadsOff };
  }
  try {
    const post = await search.verify(connection, author, thread.sourceUrl, postId, now);
    return post ? { quote: { id: post.id, ...(post.cid ? { cid: post.cid } : {}) }, quoteNote: null } : notFound;
  } catch (error) {
    logger.warn("the author's post could not be checked", {
      platform,
      error: error instanceof Error ? error.message : String(error),
    });
    return notFound;
  }
}

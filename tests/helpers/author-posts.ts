import { expect } from 'vitest';
import type { MadePost } from '#functions/data/publish-run-repository';
import type { OutgoingPost, QuotedPost } from '#functions/services/platforms/platform-adapter';
import type { QuotingPlatform } from '#shared/schemas/author-posts';
import type { Platform } from '#shared/schemas/thread';
import { settle } from './publishing-threads';
import { callRoute } from './route-call';

/**
 * What the share step shows for `platform` (GET /api/threads/{id}/author-posts): the author's own
 * post about the article that the credit would quote, or null. The route is imported on first use, so
 * a test file sets its environment (the platform's address) before the handler reads it.
 */
export async function authorPostOnShareStep(platform: Platform, userId: string, threadId: string) {
  return (await authorPostEntryOnShareStep(platform, userId, threadId)).post;
}

/** The share step's whole answer for `platform`: the post found, and why nothing was looked for. */
export async function authorPostEntryOnShareStep(platform: Platform, userId: string, threadId: string) {
  const { handler } = await import('#functions/http/publishing/get-author-posts');
  const answer = await callRoute(
    handler,
    { userId },
    { params: { threadId }, query: { platforms: platform } },
    { method: 'GET' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.posts[0];
}

/**
 * Publishes the thread to `platform` through the queue, the credit meant to quote `postId` (the
 * share step's choice), and answers the row it settles in (its `quoteNote` says why a quote was dropped).
 */
export async function publishQuoting(platform: QuotingPlatform, userId: string, threadId: string, postId: string) {
  const { requestPublish } = await import('#functions/services/publishing/publish-thread');
  await requestPublish(userId, threadId, { platforms: [platform], quotes: { [platform]: postId } }, new Date());
  return settle(userId, threadId, platform);
}

/**
 * Makes the credit post quoting `quote` straight through the platform's adapter with the user's
 * connection, as the worker does after the publish request's check: answers the adapter's promise.
 */
export async function postCreditQuoting(
  platform: QuotingPlatform,
  userId: string,
  credit: OutgoingPost,
  quote: QuotedPost,
): Promise<MadePost> {
  const { loadLiveConnection } = await import('#functions/services/connections/connections');
  const { adapterFor } = await import('#functions/services/platforms/adapters');
  const connection = await loadLiveConnection(userId, platform, new Date());
  expect(connection).not.toBeNull();
  return adapterFor(platform).publishPost(connection!, { ...credit, quote });
}

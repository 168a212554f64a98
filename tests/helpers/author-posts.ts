import { expect } from 'vitest';
import type { Platform } from '#shared/schemas/thread';
import { callRoute } from './route-call';

/**
 * What the share step shows for `platform` (GET /api/threads/{id}/author-posts): the author's own
 * post about the article that the credit would quote, or null. The route is imported on first use, so
 * a test file sets its environment (the platform's address) before the handler reads it.
 */
export async function authorPostOnShareStep(platform: Platform, userId: string, threadId: string) {
  const { handler } = await import('#functions/http/publishing/get-author-posts');
  const answer = await callRoute(
    handler,
    { userId },
    { params: { threadId }, query: { platforms: platform } },
    { method: 'GET' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.posts[0].post;
}

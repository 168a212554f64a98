import { randomUUID } from 'node:crypto';
import { attributionText } from '../../shared/attribution';
import type { PlatformPublishState, PublishStatusResponse } from '../../shared/schemas/publishing';
import type { Thread } from '../../shared/schemas/thread';

/** The host every test attribution names (the test stack's APP_PUBLIC_URL). */
export const TEST_APP_HOST = 'localhost:3000';

/** A saved thread of `bodyPosts` then the attribution for `articleUrl`, as the create flow stores it. */
export function threadWithPosts(
  userId: string,
  article: { url: string; title: string },
  bodyPosts: readonly string[],
): Thread {
  const posts = [...bodyPosts, attributionText(TEST_APP_HOST, article.url)];
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    userId,
    title: article.title,
    sourceUrl: article.url,
    createdAt: now,
    updatedAt: now,
    posts: posts.map((content, index) => ({ id: `post-${index}`, content, charCount: content.length })),
    themes: [],
    tone: 'professional',
    isSensitiveContent: false,
    sensitiveCategories: [],
    sensitiveContentMessage: null,
    hallucination: null,
    articleSize: 0,
    generatedSize: 0,
    postedToX: false,
    platformPosts: {},
  };
}

/** Polls the publishing status until the thread's (only) platform row completes or fails. */
export async function settledRow(
  getPublishStatus: (userId: string, threadId: string, now: Date) => Promise<PublishStatusResponse>,
  userId: string,
  threadId: string,
  timeoutMs = 45_000,
): Promise<PlatformPublishState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await getPublishStatus(userId, threadId, new Date());
    const row = status.platforms[0];
    if (row && (row.status === 'completed' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`The publishing row is still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

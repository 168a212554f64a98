import { randomUUID } from 'node:crypto';
import { attributionText } from '../../shared/attribution';
import type { PlatformPublishState } from '../../shared/schemas/publishing';
import type { Platform, Thread } from '../../shared/schemas/thread';

/** The article every publishing test's thread is about. */
export const ARTICLE = 'https://news.example.com/harbour-report';
export const THREAD_TITLE = 'The harbour at dawn';
/** The attribution post that closes the test threads (APP_PUBLIC_URL is http://localhost:3000). */
export const ATTRIBUTION = attributionText('localhost:3000', ARTICLE);

/** A saved thread of the user: the body posts, then the attribution for its article. */
export function makeThread(
  userId: string,
  bodyPosts: string[],
  article: { title?: string; sourceUrl?: string } = {},
): Thread {
  const sourceUrl = article.sourceUrl ?? ARTICLE;
  const posts = [...bodyPosts, attributionText('localhost:3000', sourceUrl)];
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    userId,
    title: article.title ?? THREAD_TITLE,
    sourceUrl,
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

/** Waits until the platform's row is completed or failed, as the publish step's polling sees it. */
export async function settle(userId: string, threadId: string, platform?: Platform): Promise<PlatformPublishState> {
  const { getPublishStatus } = await import('../../functions/services/publishing/publish-thread');
  const deadline = Date.now() + 45_000;
  for (;;) {
    const status = await getPublishStatus(userId, threadId, new Date());
    const row = platform ? status.platforms.find((entry) => entry.platform === platform) : status.platforms[0];
    if (row && (row.status === 'completed' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

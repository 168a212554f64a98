import { randomUUID } from 'node:crypto';
import type { OutgoingPost } from '../../functions/services/platforms/platform-adapter';
import { attributionText } from '../../shared/attribution';
import type { AuthorHandles } from '../../shared/schemas/article';
import type { PlatformPublishState } from '../../shared/schemas/publishing';
import type { Platform, Thread } from '../../shared/schemas/thread';

/** The host every test attribution names (the test stack's APP_PUBLIC_URL). */
export const TEST_APP_HOST = 'localhost:3000';

/** The article every publishing test's thread is about. */
export const ARTICLE = 'https://news.example.com/harbour-report';
export const THREAD_TITLE = 'The harbour at dawn';
/** The attribution post that closes the test threads (APP_PUBLIC_URL is http://localhost:3000). */
export const ATTRIBUTION = attributionText(TEST_APP_HOST, ARTICLE);

/** A saved thread of the user: the body posts, then the attribution for its article (and its author's accounts, when given). */
export function makeThread(
  userId: string,
  bodyPosts: string[],
  article: { title?: string; sourceUrl?: string; authorHandles?: AuthorHandles } = {},
): Thread {
  const sourceUrl = article.sourceUrl ?? ARTICLE;
  const posts = [...bodyPosts, attributionText(TEST_APP_HOST, sourceUrl)];
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
    ...(article.authorHandles ? { authorHandles: article.authorHandles } : {}),
  };
}

/** A thread's first post as the worker hands it to an adapter, for calling an adapter directly. */
export function firstPost(text: string, articleUrl = ARTICLE): OutgoingPost {
  return {
    text,
    index: 0,
    total: 1,
    root: null,
    parent: null,
    idempotencyKey: 'run-0',
    runStartedAt: null,
    now: new Date(),
    mayAlreadyExist: false,
    article: { url: articleUrl, title: THREAD_TITLE },
    images: [],
    linkCardImage: null,
    linkPlacement: 'credit-post',
    firstComment: null,
    step: null,
    saveStep: async () => {},
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

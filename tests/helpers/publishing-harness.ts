import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queues as queueEntries } from '../../functions/manifest';
import type { OutgoingPost } from '../../functions/services/publishing/platform-adapter';
import { freePort } from '../../local/ports';
import { startQueuePoller } from '../../local/queue-poller';
import { createQueues, localSqsClient, startSqs } from '../../local/queues';
import { attributionText } from '../../shared/attribution';
import type { Thread } from '../../shared/schemas/thread';
import { startTelegramServer } from '../fakes/telegram-server';
import { startTestTable } from './test-table';

export const TELEGRAM_TOKEN = '123456:TEST-token';
export const PUBLIC_CHAT = { id: '-1001', title: 'Curated Reads', username: 'curatedreads' };

/**
 * The publishing pipeline in this test process: a fresh table, a token key file, the local Telegram
 * Bot API, and local-aws-sqs with the manifest's queues (retry after 1 s), the publishing queue
 * polled by the real worker as `npm start` runs it. Import services after calling it.
 */
export async function startPublishingPipeline() {
  const table = await startTestTable();
  const keyDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-key-'));
  const keyFile = path.join(keyDir, 'token-key');
  writeFileSync(keyFile, randomBytes(32).toString('base64'));
  const telegram = await startTelegramServer({ token: TELEGRAM_TOKEN, botUsername: 'snipbot', chats: [PUBLIC_CHAT] });
  const server = await startSqs(await freePort());
  const sqs = localSqsClient(server.endpoint);
  const created = await createQueues(sqs, queueEntries, 1);
  const queue = created.find((entry) => entry.entry.name === 'publishing')!;
  Object.assign(process.env, {
    SQS_ENDPOINT: server.endpoint,
    PUBLISHING_QUEUE_URL: queue.url,
    TELEGRAM_API_URL: telegram.url,
    TOKEN_KEY_FILE: keyFile,
  });
  const poller = startQueuePoller(sqs, queue);
  return {
    sqs,
    queue,
    telegram,
    stop: async () => {
      await poller.stop();
      await server.close();
      await telegram.close();
      await table.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** A saved thread of `bodyPosts` and the attribution for `articleUrl` last, as generation leaves it. */
export function makeThread(
  userId: string,
  bodyPosts: string[],
  articleUrl: string,
  title = 'The harbour at dawn',
): Thread {
  const posts = [...bodyPosts, attributionText('localhost:3000', articleUrl)];
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    userId,
    title,
    sourceUrl: articleUrl,
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

/** Polls the thread's first platform row until it is completed or failed (45 s at most). */
export async function settlePublishing(userId: string, threadId: string) {
  const { getPublishStatus } = await import('../../functions/services/publishing/publish-thread');
  const deadline = Date.now() + 45_000;
  for (;;) {
    const status = await getPublishStatus(userId, threadId, new Date());
    const row = status.platforms[0];
    if (row && (row.status === 'completed' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A thread's first post as the worker hands it to an adapter, for calling an adapter directly. */
export function firstPost(text: string, articleUrl: string): OutgoingPost {
  return {
    text,
    index: 0,
    total: 1,
    root: null,
    parent: null,
    idempotencyKey: 'run-0',
    article: { url: articleUrl, title: 'The harbour at dawn' },
  };
}

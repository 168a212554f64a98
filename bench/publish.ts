/**
 * bench:publish — 50 threads of 8 posts published to the local Telegram Bot API through the real
 * publishing queue and worker, with 5% of sends answered 5xx and 2% answered 429 (retry_after 1).
 * Prints posts made, duplicates (must be 0), attribution-last violations (must be 0) and the p50/p95
 * time from the publish request to 'completed' (one platform per thread, so no stagger is included).
 */
import { randomUUID } from 'node:crypto';
import type { Thread } from '../shared/schemas/thread';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../tests/helpers/publishing-harness';
import { makeThread } from '../tests/helpers/publishing-threads';

const THREADS = 50;
const POSTS = 8;

Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
});

const pipeline = await startPublishingPipeline();
const { putThread } = await import('../functions/data/thread-repository');
const { connectTelegram } = await import('../functions/services/connections/connections');
const { requestPublish, getPublishStatus } = await import('../functions/services/publishing/publish-thread');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

// Long enough that each post stays its own Telegram message (no merging under 4,096 characters).
function thread(userId: string, index: number): Thread {
  const body = Array.from({ length: POSTS - 1 }, (_, n) =>
    `Thread ${index}, post ${n + 1}: ${'the harbour auction opens before dawn. '.repeat(60)}`.trim(),
  );
  return makeThread(userId, body, {
    title: `Bench thread ${index}`,
    sourceUrl: `https://news.example.com/story-${index}`,
  });
}

try {
  const userId = `bench-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  pipeline.telegram.setRandomFaults(() => {
    const roll = Math.random();
    if (roll < 0.05) return { status: 500 };
    if (roll < 0.07) return { status: 429, retryAfter: 1 };
    return null;
  });
  const durations: number[] = [];
  let failedThreads = 0;
  let attributionViolations = 0;
  for (let index = 0; index < THREADS; index += 1) {
    const item = thread(userId, index);
    await putThread(item);
    const started = performance.now();
    await requestPublish(userId, item.id, { platforms: ['telegram'] }, new Date());
    for (;;) {
      const row = (await getPublishStatus(userId, item.id, new Date())).platforms[0];
      if (row?.status === 'completed' || row?.status === 'failed') {
        if (row.status === 'failed') failedThreads += 1;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    durations.push(performance.now() - started);
    const sent = pipeline.telegram.messages.filter(
      (m) => m.text.includes(`Thread ${index},`) || m.text.includes(`story-${index}`),
    );
    const last = sent.at(-1);
    const chained = sent.every((m, n) => m.replyTo === (n === 0 ? null : sent[n - 1]!.messageId));
    // A completed platform must end with the attribution; a failed one never claimed to be complete.
    const completed = (await getPublishStatus(userId, item.id, new Date())).platforms[0]?.status === 'completed';
    if (completed && (!last?.text.includes(`story-${index}`) || !chained)) attributionViolations += 1;
  }
  const texts = pipeline.telegram.messages.map((m) => m.text);
  const duplicates = texts.length - new Set(texts).size;
  console.log(`threads: ${THREADS} × ${POSTS} posts, 5% 5xx and 2% 429 injected`);
  console.log(`posts made: ${texts.length} (expected ${THREADS * POSTS}); threads failed: ${failedThreads}`);
  console.log(`duplicates: ${duplicates} (must be 0)`);
  console.log(`attribution-last violations: ${attributionViolations} (must be 0)`);
  console.log(
    `request → completed: p50 ${(percentile(durations, 50) / 1000).toFixed(2)} s, p95 ${(percentile(durations, 95) / 1000).toFixed(2)} s`,
  );
  process.exitCode = duplicates === 0 && attributionViolations === 0 ? 0 : 1;
} finally {
  await pipeline.stop();
}

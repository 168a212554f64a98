import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queues as queueEntries } from '../../functions/manifest';
import { freePort } from '../../local/ports';
import { startQueuePoller } from '../../local/queue-poller';
import { createQueues, localSqsClient, startSqs } from '../../local/queues';
import { startTelegramServer } from '../fakes/telegram-server';
import { startTestTable } from './test-table';

export const TELEGRAM_TOKEN = '123456:TEST-token';
export const PUBLIC_CHAT = { id: '-1001', title: 'Curated Reads', username: 'curatedreads' };
/** A second channel the same bot posts in: a second Telegram account of one workspace. */
export const SECOND_CHAT = { id: '-1002', title: 'Harbour Notes', username: 'harbournotes' };

/**
 * The publishing pipeline in this test process: a fresh table, a token key file, the local Telegram
 * Bot API, and local-aws-sqs with the manifest's queues (retry after 1 s), the publishing queue
 * polled by the real worker as `npm start` runs it (and, with `generation`, the generation queue
 * too: a thread made from a URL then publishes in the same stack). Import services after calling it.
 */
export async function startPublishingPipeline(options: { generation?: boolean } = {}) {
  const table = await startTestTable();
  const keyDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-key-'));
  const keyFile = path.join(keyDir, 'token-key');
  writeFileSync(keyFile, randomBytes(32).toString('base64'));
  const telegram = await startTelegramServer({
    token: TELEGRAM_TOKEN,
    botUsername: 'snipbot',
    chats: [PUBLIC_CHAT, SECOND_CHAT],
  });
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
  const generation = options.generation ? created.find((entry) => entry.entry.name === 'generation') : undefined;
  if (generation) process.env.GENERATION_QUEUE_URL = generation.url;
  const pollers = [queue, ...(generation ? [generation] : [])].map((polled) => startQueuePoller(sqs, polled));
  return {
    sqs,
    queue,
    telegram,
    stop: async () => {
      await Promise.all(pollers.map((poller) => poller.stop()));
      await server.close();
      await telegram.close();
      await table.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { APP_EVENT_SOURCE, queues as queueEntries } from '../../functions/manifest';
import { startLocalEventBus } from '../../local/event-bus';
import { freePort } from '../../local/ports';
import { startQueuePoller } from '../../local/queue-poller';
import { createQueues, type LocalQueue, localSqsClient, startSqs } from '../../local/queues';

/**
 * Webhook delivery as `npm start` runs it, in this test process: the local bus with the webhooks
 * queue's rule (events sent to the queue as the cloud's SQS target sends them), the queue and its
 * DLQ on the local SQS (the one SQS_ENDPOINT names, else a new one), and the local poller running the
 * real worker. Sets the environment the handlers read (the token key, the receiver's host allowed
 * as private, retries shortened to about a second a step): call it before importing services.
 */
export async function startWebhookDelivery(options: { receiverHost: string }) {
  const own = process.env.SQS_ENDPOINT ? null : await startSqs(await freePort());
  const sqs = localSqsClient(own?.endpoint ?? process.env.SQS_ENDPOINT!);
  const entry = queueEntries.find((candidate) => candidate.name === 'webhooks')!;
  const [queue] = (await createQueues(sqs, [entry], 1)) as [LocalQueue];
  const bus = await startLocalEventBus({
    rules: [],
    queueRules: [
      {
        name: 'webhooks-queue',
        detailTypes: entry.fromEvents ?? [],
        send: async (body) => {
          await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: body }));
        },
      },
    ],
    source: APP_EVENT_SOURCE,
  });
  const keyDir = mkdtempSync(path.join(tmpdir(), 'webhooks-'));
  writeFileSync(path.join(keyDir, 'token-key'), randomBytes(32).toString('base64'));
  Object.assign(process.env, {
    ...bus.handlerEnv,
    ...(own ? { SQS_ENDPOINT: own.endpoint } : {}),
    WEBHOOKS_QUEUE_URL: queue.url,
    TOKEN_KEY_FILE: path.join(keyDir, 'token-key'),
    ALLOW_PRIVATE_FETCH_HOSTS: [process.env.ALLOW_PRIVATE_FETCH_HOSTS, options.receiverHost].filter(Boolean).join(','),
    // The 24 hours of retries in about seven one-second steps (each step waits at least a whole second).
    WEBHOOK_RETRY_SCALE: '0.00002',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  bus.begin();
  const poller = startQueuePoller(sqs, queue);

  return {
    sqs,
    queue,
    bus,
    /** Messages in the webhooks queue: waiting, delayed or in flight (0: no try is under way or to come). */
    depth: async () => {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: queue.url,
          AttributeNames: [
            'ApproximateNumberOfMessages',
            'ApproximateNumberOfMessagesNotVisible',
            'ApproximateNumberOfMessagesDelayed',
          ],
        }),
      );
      return Object.values(Attributes ?? {}).reduce((sum, value) => sum + Number(value), 0);
    },
    stop: async () => {
      await poller.stop();
      await bus.stop();
      await own?.close();
    },
  };
}

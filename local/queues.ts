import { createServer } from 'node:http';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  type SendMessageCommandInput,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { createRequestHandler } from 'local-aws-sqs';
import type { QueueEntry } from '../functions/manifest';
import { LOCAL_AWS_ENV } from './aws-env';
import { journaling, openQueueJournal, type QueueSettings } from './durable-sqs';

export interface LocalQueue {
  entry: QueueEntry;
  url: string;
  dlqUrl: string;
  /** Seconds a failed message waits before its retry (the queue's visibility timeout). */
  retrySeconds: number;
}

/** A client for the local queue server. */
export function localSqsClient(endpoint: string): SQSClient {
  return new SQSClient({
    region: LOCAL_AWS_ENV.AWS_REGION,
    endpoint,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });
}

/** The local SQS: its endpoint, and (when kept in a folder) the redelivery of what the last run left. */
export interface LocalSqs {
  endpoint: string;
  /**
   * Delivers again every message the last run left in the queues (call once the queues are created):
   * a waiting one when its delay ends, one in flight at once (its visibility timeout would only wait
   * for a consumer that the restart proves dead: one process runs on a data folder), and one whose
   * last receive was its queue's maxReceiveCount to the DLQ, as SQS would move it. `onInFlight` runs
   * first for each message a worker had received (the local crash recovery). Returns how many.
   */
  redeliver: (onInFlight?: (queue: string, body: string) => Promise<void>) => Promise<number>;
  close: () => Promise<void>;
}

/**
 * Starts local-aws-sqs on 127.0.0.1. With `dir`, its messages are journaled there, so a message not
 * deleted before a crash or stop is delivered after the next start, as SQS keeps a message through its
 * consumer's crash.
 */
export async function startSqs(port: number, options: { dir?: string } = {}): Promise<LocalSqs> {
  const { service, requestHandler } = createRequestHandler({
    port,
    hostname: '127.0.0.1',
    emulateQueueCreationLifecycle: false,
  });
  const journal = options.dir ? openQueueJournal(options.dir) : null;
  const settings = new Map<string, QueueSettings>();
  const server = createServer(journal ? journaling(requestHandler, journal, settings) : requestHandler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address && typeof address === 'object') service.PORT = address.port;
  const endpoint = `http://127.0.0.1:${service.PORT}`;

  const redeliver = async (onInFlight?: (queue: string, body: string) => Promise<void>) => {
    if (!journal) return 0;
    const sqs = localSqsClient(endpoint);
    let delivered = 0;
    for (const message of journal.leftOver) {
      const queue = settings.get(message.queue);
      const exhausted = queue?.maxReceiveCount !== undefined && message.receiveCount >= queue.maxReceiveCount;
      const target = exhausted && queue?.deadLetterQueue ? settings.get(queue.deadLetterQueue) : queue;
      if (!target) {
        console.error(`[queues] a message for ${message.queue}, a queue no longer made, dropped`);
        journal.record({ op: 'delete', id: message.id });
        continue;
      }
      if (target === queue && message.receiveCount > 0) await onInFlight?.(message.queue, message.body);
      // A waiting message keeps its delay; one in flight is visible at once: its consumer is known dead.
      const dueAt = message.availableAt;
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: target.url,
          MessageBody: message.body,
          DelaySeconds: Math.min(900, Math.max(0, Math.ceil((dueAt - Date.now()) / 1000))),
          MessageAttributes: message.attributes as SendMessageCommandInput['MessageAttributes'],
        }),
      );
      // Sent (and journaled) again before the old entry goes: a crash between the two delivers it twice, not never.
      journal.record({ op: 'delete', id: message.id });
      delivered += 1;
    }
    sqs.destroy();
    return delivered;
  };

  return {
    endpoint,
    redeliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Creates each manifest queue with its dead-letter queue and redrive policy, as the CDK stack does.
 * `visibilityTimeoutSeconds` is the time a failed message waits before its retry.
 */
export async function createQueues(
  sqs: SQSClient,
  entries: QueueEntry[],
  visibilityTimeoutSeconds: number,
): Promise<LocalQueue[]> {
  const queues: LocalQueue[] = [];
  for (const entry of entries) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `threadsnip-${entry.name}-dlq` }));
    const dlqUrl = dlq.QueueUrl ?? '';
    const dlqAttributes = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: `threadsnip-${entry.name}`,
        Attributes: {
          VisibilityTimeout: String(visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqAttributes.Attributes?.QueueArn,
            maxReceiveCount: entry.maxReceiveCount,
          }),
        },
      }),
    );
    queues.push({ entry, url: queue.QueueUrl ?? '', dlqUrl, retrySeconds: visibilityTimeoutSeconds });
  }
  return queues;
}

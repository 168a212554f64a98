import type { Server } from 'node:http';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import type { QueueEntry } from '../functions/manifest';
import { LOCAL_AWS_ENV } from './aws-env';

export interface LocalQueue {
  entry: QueueEntry;
  url: string;
  dlqUrl: string;
}

/** A client for the local queue server. */
export function localSqsClient(endpoint: string): SQSClient {
  return new SQSClient({
    region: LOCAL_AWS_ENV.AWS_REGION,
    endpoint,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });
}

/** Starts local-aws-sqs on 127.0.0.1. */
export async function startSqs(port: number): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server: Server = await createSqsServer({ port, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  return {
    endpoint: `http://127.0.0.1:${port}`,
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
    queues.push({ entry, url: queue.QueueUrl ?? '', dlqUrl });
  }
  return queues;
}

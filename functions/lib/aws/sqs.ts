import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { QueueEntry } from '../../manifest';
import { config } from '../config';
import { CORRELATION_ID_ATTRIBUTE } from '../correlation';
import { logger } from '../logger';
import { traced } from '../tracer';

/** The one SQS client of this process (the local queue server when configured). */
const sqs = traced(new SQSClient({ region: config().region, endpoint: config().endpoints.sqs }));

type QueueName = QueueEntry['name'];

function queueUrl(name: QueueName): string {
  const url = config().queueUrls[name];
  if (!url) throw new Error(`${name.toUpperCase()}_QUEUE_URL is not configured`);
  return url;
}

/** Sends one JSON message to a named queue, optionally delayed, carrying the current correlation id. */
export async function sendToQueue(name: QueueName, message: unknown, delaySeconds = 0): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: JSON.stringify(message),
      DelaySeconds: delaySeconds,
      MessageAttributes: correlationAttributes(),
    }),
  );
}

/** Throws unless every configured queue answers. */
export async function checkQueues(): Promise<void> {
  for (const url of Object.values(config().queueUrls)) {
    if (!url) continue;
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  }
}

function correlationAttributes() {
  const correlationId = logger.getCorrelationId();
  if (typeof correlationId !== 'string' || !correlationId) return undefined;
  return { [CORRELATION_ID_ATTRIBUTE]: { DataType: 'String', StringValue: correlationId } };
}

import { GetQueueAttributesCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
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

/**
 * Sends JSON messages to a named queue ten at a time (SendMessageBatch's most); an entry SQS
 * refuses is sent again once, then throws, so a caller's retry sends the rest.
 */
export async function sendBatchToQueue(name: QueueName, messages: unknown[]): Promise<void> {
  for (let start = 0; start < messages.length; start += 10) {
    let entries = messages.slice(start, start + 10).map((message, index) => ({
      Id: String(index),
      MessageBody: JSON.stringify(message),
      MessageAttributes: correlationAttributes(),
    }));
    for (let attempt = 0; entries.length > 0; attempt++) {
      const result = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl(name), Entries: entries }));
      const failed = new Set((result.Failed ?? []).map((failure) => failure.Id));
      if (failed.size > 0 && attempt > 0) throw new Error(`${failed.size} message(s) to ${name} were refused`);
      entries = entries.filter((entry) => failed.has(entry.Id));
    }
  }
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

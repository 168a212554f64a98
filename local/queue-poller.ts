import { DeleteMessageCommand, type Message, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { invokeHandler } from './lambda-runtime';
import type { LocalQueue } from './queues';

function toRecord(message: Message, queue: LocalQueue): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
        name,
        {
          stringValue: value.StringValue,
          dataType: value.DataType ?? 'String',
          stringListValues: [],
          binaryListValues: [],
        },
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:threadsnip-${queue.entry.name}`,
    awsRegion: 'us-east-1',
  };
}

/**
 * Plays the part of Lambda's SQS event source mapping: receives messages, invokes the worker
 * module with an SQS event, deletes what succeeded, and leaves failures to come back after the
 * visibility timeout and reach the DLQ after maxReceiveCount receives. Like Lambda, it runs up to
 * `concurrency` messages at the same moment (the queue's reserved concurrency in the cloud), one
 * receive loop per slot. Runs until stopped.
 */
export function startQueuePoller(
  sqs: SQSClient,
  queue: LocalQueue,
  concurrency = queue.entry.concurrency,
): { stop: () => Promise<void> } {
  let running = true;
  const slot = async () => {
    while (running) {
      let messages: Message[] = [];
      try {
        // One message per receive: local-aws-sqs waits out the whole poll when asked for more.
        const received = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.url,
            MaxNumberOfMessages: 1,
            WaitTimeSeconds: 1,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        messages = received.Messages ?? [];
      } catch (error) {
        if (!running) break;
        console.error(`[queue ${queue.entry.name}] receive failed:`, error);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (!messages.length) continue;
      const event: SQSEvent = { Records: messages.map((message) => toRecord(message, queue)) };
      let failed = new Set(event.Records.map((record) => record.messageId));
      try {
        const response = (await invokeHandler(queue.entry.handler, event, queue.entry.timeoutSeconds)) as
          | SQSBatchResponse
          | undefined;
        failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      } catch (error) {
        console.error(`[queue ${queue.entry.name}] worker failed:`, error);
      }
      for (const message of messages) {
        if (failed.has(message.MessageId ?? '')) continue;
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: message.ReceiptHandle }));
      }
    }
  };
  const slots = Promise.all(Array.from({ length: concurrency }, slot));
  return {
    stop: async () => {
      running = false;
      await slots;
    },
  };
}

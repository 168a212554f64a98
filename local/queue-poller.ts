import {
  DeleteMessageCommand,
  type Message,
  type MessageAttributeValue,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { invokeHandler } from './lambda-runtime';
import type { LocalQueue } from './queues';

/** Seconds a received message stays hidden beyond its worker's timeout (the invocation's own overhead). */
const WORKER_MARGIN_SECONDS = 5;
/** Attributes a failed message is sent again with: its receives so far and its first message id. */
const RECEIVES_BEFORE = 'localReceivesBefore';
const FIRST_MESSAGE_ID = 'localMessageId';

/** The message's own attributes, without the poller's. */
function ownAttributes(message: Message): Record<string, MessageAttributeValue> {
  const { [RECEIVES_BEFORE]: _receives, [FIRST_MESSAGE_ID]: _first, ...own } = message.MessageAttributes ?? {};
  return Object.fromEntries(
    Object.entries(own).map(([name, value]) => [name, { DataType: value.DataType, StringValue: value.StringValue }]),
  );
}

function toRecord(message: Message, queue: LocalQueue): SQSRecord {
  const attributes = message.Attributes ?? {};
  const receivesBefore = Number(message.MessageAttributes?.[RECEIVES_BEFORE]?.StringValue ?? 0);
  return {
    messageId: message.MessageAttributes?.[FIRST_MESSAGE_ID]?.StringValue ?? message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: String(receivesBefore + Number(attributes.ApproximateReceiveCount ?? '1')),
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(ownAttributes(message)).map(([name, value]) => [
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
 * module with an SQS event, deletes what succeeded, and sends a failure back to come again after
 * the queue's retry delay, or to the DLQ after maxReceiveCount receives. A message stays hidden while
 * its worker may run (as the cloud's visibility timeout outlasts the worker), so a slow worker's
 * message is never delivered twice meanwhile and is still in the queue if the stack dies under it.
 * (A failure is sent again, its receives carried in an attribute, rather than made visible again:
 * local-aws-sqs counts a ChangeMessageVisibility as one more receive.) Like Lambda, it runs up to
 * `concurrency` messages at the same moment (the queue's reserved concurrency in the cloud), one
 * receive loop per slot. Runs until stopped.
 */
export function startQueuePoller(
  sqs: SQSClient,
  queue: LocalQueue,
  concurrency = queue.entry.concurrency,
): { stop: () => Promise<void> } {
  let running = true;
  /** A failed message: to the DLQ after its last receive, else back to the queue after the retry delay. */
  const sendBack = async (message: Message, record: SQSRecord) => {
    const receives = Number(record.attributes.ApproximateReceiveCount);
    const own = ownAttributes(message);
    const last = receives >= queue.entry.maxReceiveCount;
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: last ? queue.dlqUrl : queue.url,
        MessageBody: message.Body ?? '',
        DelaySeconds: last ? 0 : Math.min(900, queue.retrySeconds),
        MessageAttributes: last
          ? Object.keys(own).length
            ? own
            : undefined
          : {
              ...own,
              [RECEIVES_BEFORE]: { DataType: 'Number', StringValue: String(receives) },
              [FIRST_MESSAGE_ID]: { DataType: 'String', StringValue: record.messageId },
            },
      }),
    );
  };
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
            VisibilityTimeout: queue.entry.timeoutSeconds + WORKER_MARGIN_SECONDS,
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
      const records = messages.map((message) => toRecord(message, queue));
      const event: SQSEvent = { Records: records };
      let failed = new Set(event.Records.map((record) => record.messageId));
      try {
        const response = (await invokeHandler(queue.entry.handler, event, queue.entry.timeoutSeconds)) as
          | SQSBatchResponse
          | undefined;
        failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      } catch (error) {
        console.error(`[queue ${queue.entry.name}] worker failed:`, error);
      }
      for (const [index, message] of messages.entries()) {
        const record = records[index]!;
        try {
          if (failed.has(record.messageId)) await sendBack(message, record);
          await sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: message.ReceiptHandle }));
        } catch (error) {
          // Left as it is, the message comes back once its visibility timeout ends.
          console.error(`[queue ${queue.entry.name}] settling a message failed:`, error);
        }
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

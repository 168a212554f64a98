import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { MiddyfiedHandler } from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { type QueueName, queues } from '../manifest';
import { CORRELATION_ID_ATTRIBUTE } from './correlation';
import { describeIssues } from './http-handler';
import { logger } from './logger';
import { countBy } from './metrics';
import { observedStack } from './observed-stack';

/** A message no retry can fix (not JSON, wrong shape); it fails like any other and so reaches the DLQ. */
export class PoisonMessageError extends Error {}

/** Which delivery of its message a record is, against its queue's manifest entry. */
export interface QueueAttempt {
  receiveCount: number;
  /** The receive after which SQS moves a failed message to the DLQ. */
  maxReceiveCount: number;
  timeoutSeconds: number;
}

/**
 * Builds an SQS worker with Powertools' batch processor: one record at a time (in order), a record
 * whose handler throws is reported as a partial batch failure, retried by SQS and, after
 * maxReceiveCount, lands in the DLQ. A body that does not match the schema fails too, so it ends in
 * the DLQ where it can be inspected (counted as `MessagesDeadLettered` by queue on that last
 * receive). Each record's log lines carry the correlation id it was sent with.
 */
export function queueHandler<TMessage>(
  queueName: QueueName,
  schema: z.ZodType<TMessage>,
  handleMessage: (message: TMessage, attempt: QueueAttempt, record: SQSRecord) => Promise<void>,
): MiddyfiedHandler<SQSEvent, SQSBatchResponse> {
  const entry = queues.find((queue) => queue.name === queueName);
  if (!entry) throw new Error(`No queue named ${queueName} in the manifest`);
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord): Promise<void> => {
    logger.setCorrelationId(record.messageAttributes?.[CORRELATION_ID_ATTRIBUTE]?.stringValue ?? record.messageId);
    const attempt: QueueAttempt = {
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? '1'),
      maxReceiveCount: entry.maxReceiveCount,
      timeoutSeconds: entry.timeoutSeconds,
    };
    try {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        throw new PoisonMessageError('message body is not JSON');
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new PoisonMessageError(`invalid message: ${describeIssues(parsed.error)}`);
      await handleMessage(parsed.data, attempt, record);
    } catch (error) {
      // SQS moves the message to the DLQ once this receive fails: counted here, where it is known.
      const deadLettered = attempt.receiveCount >= attempt.maxReceiveCount;
      if (deadLettered) countBy('MessagesDeadLettered', { queue: queueName });
      // A poisoned message fails the same way on every receive: its reason is logged on the first only.
      if (error instanceof PoisonMessageError && attempt.receiveCount > 1) throw error;
      logger.error('queue record failed', {
        messageId: record.messageId,
        receiveCount: attempt.receiveCount,
        deadLettered,
        error,
      });
      throw error;
    }
  };
  const core = (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, handleRecord, processor, {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  return observedStack<SQSEvent, SQSBatchResponse>().handler(core);
}

import middy, { type MiddyfiedHandler } from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { describeIssues } from './http-handler';
import { logger } from './logger';

/** A message no retry can fix (not JSON, wrong shape); it fails like any other and so reaches the DLQ. */
export class PoisonMessageError extends Error {}

/**
 * Builds an SQS worker that handles one record at a time and reports partial batch failures:
 * a record whose handler throws is retried by SQS and, after maxReceiveCount, lands in the DLQ.
 * A body that does not match the schema fails too, so it ends in the DLQ where it can be inspected.
 */
export function queueHandler<TMessage>(
  schema: z.ZodType<TMessage>,
  handleMessage: (message: TMessage, record: SQSRecord) => Promise<void>,
): MiddyfiedHandler<SQSEvent, SQSBatchResponse> {
  const core = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          throw new PoisonMessageError('message body is not JSON');
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw new PoisonMessageError(`invalid message: ${describeIssues(parsed.error)}`);
        await handleMessage(parsed.data, record);
      } catch (error) {
        logger.error('queue record failed', {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error,
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
  return middy<SQSEvent, SQSBatchResponse>().handler(core);
}

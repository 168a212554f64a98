import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddyfiedHandler } from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { CORRELATION_ID_ATTRIBUTE } from './correlation';
import { describeIssues } from './http-handler';
import { logger } from './logger';
import { metricsMiddleware } from './metrics';
import { tracerMiddleware } from './tracer';

/** A message no retry can fix (not JSON, wrong shape); it fails like any other and so reaches the DLQ. */
export class PoisonMessageError extends Error {}

/**
 * Builds an SQS worker with Powertools' batch processor: one record at a time (in order), a record
 * whose handler throws is reported as a partial batch failure, retried by SQS and, after
 * maxReceiveCount, lands in the DLQ. A body that does not match the schema fails too, so it ends in
 * the DLQ where it can be inspected. Each record's log lines carry the correlation id it was sent with.
 */
export function queueHandler<TMessage>(
  schema: z.ZodType<TMessage>,
  handleMessage: (message: TMessage, record: SQSRecord) => Promise<void>,
): MiddyfiedHandler<SQSEvent, SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord): Promise<void> => {
    logger.setCorrelationId(record.messageAttributes?.[CORRELATION_ID_ATTRIBUTE]?.stringValue ?? record.messageId);
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
      // A poisoned message fails the same way on every receive: its reason is logged on the first only.
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      if (error instanceof PoisonMessageError && receiveCount > 1) throw error;
      logger.error('queue record failed', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
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
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracerMiddleware())
    .use(metricsMiddleware())
    .handler(core);
}

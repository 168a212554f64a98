import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logger } from '#functions/lib/logger';
import { queueHandler } from '#functions/lib/queue-handler';
import { captureJsonLines } from '../../helpers/captured-output';

const context = { functionName: 'generation-worker', awsRequestId: 'lambda-request-1' } as Context;

function record(messageId: string, body: string, correlationId?: string, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '0',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: correlationId
      ? {
          correlationId: { stringValue: correlationId, dataType: 'String', stringListValues: [], binaryListValues: [] },
        }
      : {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:threadsnip-generation',
    awsRegion: 'us-east-1',
  };
}

describe('queueHandler', () => {
  it('reports exactly the failed and malformed records, handling the others in order', async () => {
    const handled: number[] = [];
    const handler = queueHandler('generation', z.object({ n: z.number() }), async ({ n }) => {
      if (n === 2) throw new Error('downstream refused');
      handled.push(n);
    });
    const event: SQSEvent = {
      Records: [
        record('m1', '{"n":1}'),
        record('m2', '{"n":2}'),
        record('m3', 'not json'),
        record('m4', '{"n":"four"}'),
        record('m5', '{"n":5}'),
      ],
    };

    const lines = await captureJsonLines(async () => {
      expect(await handler(event, context)).toEqual({
        batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }, { itemIdentifier: 'm4' }],
      });
    });

    expect(handled).toEqual([1, 5]);
    const failures = lines.filter((line) => line.message === 'queue record failed');
    expect(failures.map((line) => [line.messageId, (line.error as { message: string }).message])).toEqual([
      ['m2', 'downstream refused'],
      ['m3', 'message body is not JSON'],
      ['m4', 'invalid message: n: Invalid input: expected number, received string'],
    ]);
  });

  it('logs a poisoned message once, on its first receive, and fails it on every receive', async () => {
    const handler = queueHandler('generation', z.object({ n: z.number() }), async () => {});
    const again = record('m1', 'not json', undefined, 2);

    const lines = await captureJsonLines(async () => {
      expect(await handler({ Records: [record('m1', 'not json')] }, context)).toEqual({
        batchItemFailures: [{ itemIdentifier: 'm1' }],
      });
      expect(await handler({ Records: [again] }, context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    });

    expect(lines.filter((line) => line.message === 'queue record failed')).toHaveLength(1);
  });

  it("logs each record's lines with the correlation id it was sent with and the Lambda request id", async () => {
    const handler = queueHandler('generation', z.object({ n: z.number() }), async ({ n }) => {
      logger.info('working', { n });
    });
    const lines = await captureJsonLines(() =>
      handler({ Records: [record('m1', '{"n":1}', 'api-request-7'), record('m2', '{"n":2}')] }, context),
    );
    const working = lines.filter((line) => line.message === 'working');
    expect(working).toMatchObject([
      {
        n: 1,
        correlation_id: 'api-request-7',
        function_request_id: 'lambda-request-1',
        function_name: 'generation-worker',
      },
      // A message sent without one (by hand, a redrive) is followed by its own message id.
      { n: 2, correlation_id: 'm2' },
    ]);
  });

  it("counts a message moved to the DLQ, by queue, on its manifest's last receive only", async () => {
    const handler = queueHandler('publishing', z.object({ n: z.number() }), async () => {
      throw new Error('platform down');
    });

    const lines = await captureJsonLines(async () => {
      for (const receive of [1, 2, 3])
        await handler({ Records: [record('m1', '{"n":1}', undefined, receive)] }, context);
    });

    const deadLettered = lines.filter((line) => 'MessagesDeadLettered' in line);
    expect(deadLettered).toEqual([
      expect.objectContaining({ MessagesDeadLettered: 1, queue: 'publishing', service: 'threadsnip' }),
    ]);
    expect(lines.filter((line) => line.message === 'queue record failed').map((line) => line.deadLettered)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

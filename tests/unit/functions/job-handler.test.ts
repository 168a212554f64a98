import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { jobHandler } from '#functions/lib/job-handler';
import { logger } from '#functions/lib/logger';
import { MetricUnit, metrics } from '#functions/lib/metrics';
import { captureJsonLines } from '../../helpers/captured-output';

const context = { functionName: 'refresh-free-credits', awsRequestId: 'lambda-request-1' } as Context;

describe('jobHandler', () => {
  it("returns the job's result as is, as a Cognito trigger must return its event", async () => {
    const handler = jobHandler('post-confirmation', async (event: { userName: string }) => event);
    const event = { userName: 'user-1' };

    expect(await handler(event, context)).toBe(event);
  });

  it("logs the job's lines with the event's id as correlation id, else the Lambda request id", async () => {
    const handler = jobHandler('refresh-free-credits', async (event: { id?: string }) => {
      logger.info('working', { from: event.id ?? 'trigger' });
    });

    const lines = await captureJsonLines(async () => {
      await handler({ id: 'eventbridge-event-7' }, context);
      await handler({}, context);
    });

    expect(lines.filter((line) => line.message === 'working')).toMatchObject([
      { from: 'eventbridge-event-7', correlation_id: 'eventbridge-event-7', function_request_id: 'lambda-request-1' },
      { from: 'trigger', correlation_id: 'lambda-request-1', function_name: 'refresh-free-credits' },
    ]);
  });

  it('flushes the metrics the job recorded, as one EMF line', async () => {
    const handler = jobHandler('refresh-free-credits', async () => {
      metrics.addMetric('CreditsRefreshed', MetricUnit.Count, 3);
      return { refreshed: 3 };
    });

    const lines = await captureJsonLines(() => handler({}, context));

    expect(lines.filter((line) => 'CreditsRefreshed' in line)).toEqual([
      expect.objectContaining({ CreditsRefreshed: 3, service: 'threadsnip' }),
    ]);
  });

  it('logs a failure once, naming the job, and rethrows it so the invoker retries', async () => {
    const handler = jobHandler('fan-out-feed-polls', async () => {
      throw new Error('table unavailable');
    });

    let thrown: unknown;
    const lines = await captureJsonLines(async () => {
      thrown = await handler({ id: 'eventbridge-event-8' }, context).catch((error: unknown) => error);
    });

    expect((thrown as Error).message).toBe('table unavailable');
    const failures = lines.filter((line) => line.message === 'job failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      job: 'fan-out-feed-polls',
      correlation_id: 'eventbridge-event-8',
      level: 'ERROR',
      error: expect.objectContaining({ message: 'table unavailable' }),
    });
  });
});

import type { MiddlewareObj, MiddyfiedHandler } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { observedStack } from './observed-stack';

/**
 * The event's own id when it has one (EventBridge rules and Scheduler targets), so a job's lines
 * can be found from the event; otherwise (a Cognito trigger, a bare scheduler input) the Lambda request id.
 */
function correlationIdOf(event: unknown, context: Context): string {
  const id = (event as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : context.awsRequestId;
}

/**
 * Builds the handler of a job that is neither an API route nor a queue worker: an EventBridge
 * schedule or rule, a Scheduler target, a Cognito trigger. Its log lines carry the Lambda context and
 * a correlation id, it is traced, its metrics are flushed, and a failure is logged once (`job failed`,
 * with `job`) and rethrown, so the invoker's retry policy applies. The job's result is returned as is
 * (a Cognito trigger must return its event).
 */
export function jobHandler<TEvent, TResult>(
  name: string,
  job: (event: TEvent, context: Context) => Promise<TResult>,
): MiddyfiedHandler<TEvent, TResult> {
  const correlation: MiddlewareObj<TEvent, TResult> = {
    before: async (request) => {
      logger.setCorrelationId(correlationIdOf(request.event, request.context));
    },
    onError: async (request) => {
      logger.error('job failed', { job: name, error: request.error });
    },
  };
  return observedStack<TEvent, TResult>().use(correlation).handler(job);
}

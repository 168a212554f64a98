import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { metricsMiddleware } from './metrics';
import { tracerMiddleware } from './tracer';

/**
 * The observability every entry point starts from, composed once: the logger with the Lambda
 * context (keys reset per invocation), the tracer's segment and the metrics flushed after the
 * handler. The HTTP, queue and job stacks add their own middlewares to it.
 */
export function observedStack<TEvent, TResult, TContext extends Context = Context>() {
  return middy<TEvent, TResult, Error, TContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracerMiddleware())
    .use(metricsMiddleware());
}

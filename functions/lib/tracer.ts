import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { SERVICE_NAME } from './observability-names';

/**
 * The process's one tracer (Powertools, X-Ray). It traces only inside Lambda (where the functions
 * have active tracing): the AWS SDK clients passed to `traced`, and every outbound HTTP call
 * (article fetch, OpenAI, Stripe, platforms). Outside Lambda, and with POWERTOOLS_TRACE_ENABLED=false
 * as the local stack sets it, it does nothing.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** An AWS SDK v3 client, traced in the cloud. */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/** The handler's segment: cold start, errors, annotations (middy middleware). */
export function tracerMiddleware() {
  return captureLambdaHandler(tracer, { captureResponse: false });
}

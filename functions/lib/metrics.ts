import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { stageName } from './config';
import { logger } from './logger';
import { METRICS_NAMESPACE, SERVICE_NAME } from './observability-names';

/**
 * The process's one metrics object (Powertools, EMF): each invocation's metrics are written to the
 * log as one EMF line that CloudWatch turns into metrics, with the stage as a dimension. Locally the
 * same lines go to the log, and `npm run metrics:local` sums them.
 */
export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: SERVICE_NAME,
  defaultDimensions: { stage: stageName() },
  // Most invocations (a GET, a health check) add no metric; that is normal, not a warning.
  logger: {
    debug: (...args: unknown[]) => logger.debug(String(args[0])),
    info: (...args: unknown[]) => logger.info(String(args[0])),
    error: (...args: unknown[]) => logger.error(String(args[0])),
    warn: (...args: unknown[]) =>
      String(args[0]).startsWith('No application metrics')
        ? logger.debug(String(args[0]))
        : logger.warn(String(args[0])),
  },
});

/** Flushes the invocation's metrics (and the cold start) after the handler (middy middleware). */
export function metricsMiddleware() {
  return logMetrics(metrics, { captureColdStartMetric: true });
}

/** One count with an extra dimension (platform, reason), in an EMF line of its own. */
export function countBy(name: string, dimension: Record<string, string>, value = 1): void {
  const single = metrics.singleMetric();
  for (const [key, dimensionValue] of Object.entries(dimension)) single.addDimension(key, dimensionValue);
  single.addMetric(name, MetricUnit.Count, value);
}

export { MetricUnit };

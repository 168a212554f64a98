/** The CloudWatch namespace of every business and health metric (shared with the CDK dashboard). */
export const METRICS_NAMESPACE = 'ThreadSnip';

/** The service name on every Powertools log line, metric and trace. */
export const SERVICE_NAME = 'threadsnip';

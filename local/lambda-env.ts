/**
 * Imported first by `npm start`, before any handler module: Powertools decides at construction how
 * to keep per-invocation state. One process runs many invocations at once, as Lambda's
 * multi-concurrency mode does, so each invocation's log context (request id, correlation id) is
 * kept apart; and there is no X-Ray daemon here.
 */
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
process.env.POWERTOOLS_TRACE_ENABLED ??= 'false';
// With tracing off, the X-Ray SDK's automatic mode would still hook every promise (cls-hooked's
// async hooks): about a tenth of the stack's CPU under load, for no trace at all.
process.env.AWS_XRAY_MANUAL_MODE ??= 'true';

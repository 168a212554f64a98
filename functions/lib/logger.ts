import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from './observability-names';

/** Fields whose values are never logged, whatever they hold (compared without case, '-' or '_'). */
const SECRET_KEY =
  /pass(word|phrase)?|token|secret|authorization|cookie|apikey|credential|email|signature|articlebody|articletext|html/i;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
// A JWT (three base64url parts starting with '{"'), a bearer token, a ThreadSnip API key, a Stripe/OpenAI-style key, or a webhook secret (base64).
const TOKEN =
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+|\bBearer\s+[\w.~+/=-]+|\btsk_(live|test)_[\w-]{8,}|\b(sk|pk|rk|whsec)_(live|test)?_?[A-Za-z0-9]{8,}|\bsk-[A-Za-z0-9_-]{16,}|\bwhsec_[A-Za-z0-9+/]{8,}={0,2}/g;
/** Longer strings are cut: a log line is for finding a problem, not for storing content. */
export const MAX_LOGGED_STRING = 2_000;

/**
 * Applied to every key and value a log line holds (nested ones too): secret-looking fields are
 * masked, emails and tokens inside any string are masked, long strings are cut. It never throws.
 */
export function maskLogValue(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key.replace(/[-_]/g, '')) && value !== undefined && value !== null && value !== '') {
    return '[masked]';
  }
  if (typeof value !== 'string') return value;
  // Cut before masking: the patterns then never scan more than MAX_LOGGED_STRING characters.
  const cut =
    value.length > MAX_LOGGED_STRING
      ? `${value.slice(0, MAX_LOGGED_STRING)}… [cut ${value.length - MAX_LOGGED_STRING} characters]`
      : value;
  return cut.replace(EMAIL, '[email]').replace(TOKEN, '[token]');
}

/**
 * The process's one logger (Powertools): JSON lines with the function name, request id, cold start,
 * correlation id and sampling; `LOG_LEVEL` and `POWERTOOLS_LOGGER_SAMPLE_RATE` as Powertools reads them.
 * Call it as before: `logger.info(message, { fields })`.
 */
export const logger = new Logger({ serviceName: SERVICE_NAME, jsonReplacerFn: maskLogValue });

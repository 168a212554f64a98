import OpenAI from 'openai';

/** How the app reaches an OpenAI-compatible API; the lead wires these from config. */
export interface OpenAiOptions {
  apiKey: string;
  /** e.g. a proxy or a local fake; defaults to the SDK's api.openai.com/v1. */
  baseURL?: string;
  /** Chat model for thread generation. */
  model: string;
  /** Per-request timeout; defaults differ per use. */
  timeoutMs?: number;
  /** Upper bound on the wait before one of the SDK's retries, Retry-After included. Default 2 s. */
  maxRetryDelayMs?: number;
}

const DEFAULT_MAX_RETRY_DELAY_MS = 2_000;

/** The wait a response asks for (`retry-after-ms`, or `Retry-After` in seconds or as a date), or null. */
function requestedDelayMs(headers: Headers): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * fetch, with a longer Retry-After read as `maxDelayMs`: the SDK sleeps for the whole wait a
 * response asks for, past any deadline of ours and even after the call was aborted.
 */
function boundedRetryAfter(maxDelayMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const wanted = requestedDelayMs(response.headers);
    if (response.ok || wanted === null || wanted <= maxDelayMs) return response;
    const headers = new Headers(response.headers);
    headers.delete('retry-after');
    headers.set('retry-after-ms', String(maxDelayMs));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

const clients = new Map<string, OpenAI>();

/**
 * One SDK client per key, base URL and retry bound, reused across invocations. Retries are the
 * SDK's (429, 408, 409, 5xx, timeouts and connection errors, honouring Retry-After up to
 * `maxRetryDelayMs`), off unless a call asks for them with its own `maxRetries`.
 */
export function openAiClient(options: Pick<OpenAiOptions, 'apiKey' | 'baseURL' | 'maxRetryDelayMs'>): OpenAI {
  const maxDelay = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const cacheKey = `${options.baseURL ?? ''}\u0000${maxDelay}\u0000${options.apiKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      fetch: boundedRetryAfter(maxDelay),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** An OpenAI-compatible service; absent means the offline classifier and generator. */
export interface OpenAiSettings {
  apiKey: string;
  baseURL?: string;
  model: string;
}

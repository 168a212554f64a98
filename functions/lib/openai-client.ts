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
}

const clients = new Map<string, OpenAI>();

/**
 * One SDK client per key and base URL, reused across invocations. The SDK's own retries are off
 * (it would sleep for a whole Retry-After even past our deadline): callers bound their retries.
 */
export function openAiClient(options: Pick<OpenAiOptions, 'apiKey' | 'baseURL'>): OpenAI {
  const cacheKey = `${options.baseURL ?? ''}\u0000${options.apiKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0 });
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

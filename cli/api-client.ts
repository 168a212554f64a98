import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { DomainError } from '../functions/lib/errors';
import type { ErrorCode } from '../shared/error-codes';

/** Where and as whom the command line calls the ThreadSnip API (/v1). */
export interface ApiCredentials {
  /** The site's address, e.g. https://threadsnip.example (the API is at /v1 under it). */
  baseUrl: string;
  /** A `tsk_live_…` key. */
  apiKey: string;
}

/** The config file `threadsnip login` writes (0600): `{ "apiUrl": …, "apiKey": … }`. */
export function configFilePath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'threadsnip', 'config.json');
}

/**
 * The API's address and key: THREADSNIP_API_URL and THREADSNIP_API_KEY, else the config file
 * `threadsnip login` wrote; null when neither gives a key.
 */
export async function resolveApiCredentials(env: NodeJS.ProcessEnv): Promise<ApiCredentials | null> {
  let saved: { apiUrl?: unknown; apiKey?: unknown } = {};
  try {
    saved = JSON.parse(await readFile(configFilePath(env), 'utf8'));
  } catch {
    // No config file (or not JSON): the environment alone.
  }
  const apiKey = env.THREADSNIP_API_KEY || (typeof saved.apiKey === 'string' ? saved.apiKey : '');
  const baseUrl =
    env.THREADSNIP_API_URL || (typeof saved.apiUrl === 'string' ? saved.apiUrl : '') || 'http://localhost:3000';
  return apiKey ? { baseUrl, apiKey } : null;
}

/** A refusal of the API: its status and the app's `{ error, code }`. */
export class ApiError extends DomainError {}

/** A client of the public API: one JSON request, answered with its body or refused with an `ApiError`. */
export interface ApiClient {
  request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export function createApiClient(credentials: ApiCredentials, fetchImpl: typeof fetch = fetch): ApiClient {
  const base = credentials.baseUrl.replace(/\/+$/, '');
  return {
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${credentials.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // A gateway's own answer may not be JSON.
      }
      if (!response.ok) {
        const { error, code } = (parsed ?? {}) as { error?: unknown; code?: unknown };
        throw new ApiError(
          response.status,
          typeof error === 'string' ? error : `The API answered ${response.status}`,
          {},
          typeof code === 'string' ? (code as ErrorCode) : undefined,
        );
      }
      return parsed as T;
    },
  };
}

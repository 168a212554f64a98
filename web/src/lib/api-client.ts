import type * as z from 'zod';
import { type ErrorCode, errorCodeSchema } from '#shared/error-codes';
import { WORKSPACE_HEADER } from '#shared/workspaces/roles';
import { loadRuntimeConfig } from '../config/runtime-config';
import { loadAuth } from './auth-loader';
import { currentWorkspaceId } from './current-workspace';

/**
 * An API failure: the HTTP status (0 when the server could not be reached), the server's message,
 * and its stable code (null when no API answered, e.g. a network failure or a proxy's error page).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Please check your connection and try again.';

/**
 * A JSON request body and the shared zod schema the backend validates it with: the body must be
 * that schema's input, so no untyped body reaches the API. Only its type is used here.
 */
export type RequestBody<B extends z.core.$ZodType> = { bodySchema: B; body: NoInfer<z.input<B>> };

/** A call without a body. */
type NoBody = { bodySchema?: undefined; body?: undefined };

/** Options of one API call: with a body, `bodySchema` names the request schema that types it. */
export type ApiRequestOptions<T, B extends z.core.$ZodType = z.core.$ZodType> = (RequestBody<B> | NoBody) & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Validates the response body (any zod or zod/mini schema); without it the call resolves with the parsed JSON. */
  schema?: { parse(data: unknown): T };
  /** Send the signed-in user's ID token (default true). */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

async function bearerToken(): Promise<string | null> {
  const { auth } = await loadAuth();
  return auth.getIdToken();
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      const code = errorCodeSchema.safeParse('code' in body ? body.code : undefined);
      return new ApiError(response.status, body.error, code.success ? code.data : null);
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through to the generic text.
  }
  return new ApiError(response.status, `Request failed (HTTP ${response.status})`);
}

/**
 * Calls the API under the runtime config's base URL (e.g. `apiRequest('/me')` → GET /api/me),
 * with `Authorization: Bearer <ID token>` and the current team workspace (`x-workspace-id`, when
 * one is chosen). Non-2xx JSON errors become an ApiError.
 */
export async function apiRequest<T = unknown, B extends z.core.$ZodType = z.core.$ZodType>(
  path: string,
  options: ApiRequestOptions<T, B> = {},
): Promise<T> {
  const { apiBaseUrl } = await loadRuntimeConfig();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.authenticated !== false) {
    const token = await bearerToken();
    if (!token) throw new ApiError(401, 'Please sign in to continue.');
    headers.Authorization = `Bearer ${token}`;
    // A request that names its workspace itself (account settings' own keys) keeps it.
    const workspaceId = currentWorkspaceId();
    if (workspaceId && !headers[WORKSPACE_HEADER]) headers[WORKSPACE_HEADER] = workspaceId;
  }
  let response: Response;
  try {
    response = await fetch(joinUrl(apiBaseUrl, path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const error = await errorOf(response);
    // The account is gone, but its tokens stay valid until they expire: end this device's session.
    if (error.code === 'account_deleted') await (await loadAuth()).auth.signOutUser();
    throw error;
  }
  if (response.status === 204 || response.headers.get('Content-Length') === '0') {
    return options.schema ? options.schema.parse(undefined) : (undefined as T);
  }
  const body: unknown = await response.json();
  return options.schema ? options.schema.parse(body) : (body as T);
}

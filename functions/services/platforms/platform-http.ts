import { config } from '../../lib/config';
import { type GuardedFetch, publicOnlyFetch } from '../../lib/outbound/public-only-fetch';
import { BodyTooLargeError, readCapped } from '../../lib/outbound/read-capped';
import {
  PlatformError,
  type PlatformFailure,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  PlatformUnreachableError,
  type RateLimitResetForm,
  retryAfterSeconds,
  statedRetryAfter,
  unansweredRequestError,
} from './platform-adapter';

/**
 * The one HTTP client of the platform adapters and the OAuth token endpoints: a transport
 * (timeout, the outbound guard where a user names the host, a failure to answer told by host only,
 * never by a URL that may carry a token) and a call that maps a platform's answer to the
 * PlatformError kinds the publishing service acts on. Adapters pass only what is their platform's own.
 */

/** Every platform call gives up after this long. */
export const PLATFORM_TIMEOUT_MS = 15_000;

export interface TransportOptions {
  /**
   * Send through the outbound guard (public addresses only, or ALLOW_PRIVATE_FETCH_HOSTS; redirects
   * answered, never followed): for hosts a user names. The text names the server in a refusal ('The instance').
   */
  guard?: string;
  /** Refuse a 3xx answer as a rejection instead of handing it on. */
  refuseRedirects?: boolean;
  /** Read the answer whole within this many bytes; a larger one is unreadable (a retry may fix it). */
  maxBytes?: number;
}

let guardedFetch: GuardedFetch | undefined;

/**
 * A `fetch` for one platform (also oauth4webapi's customFetch and @atcute's fetch): every request
 * times out, and a request that got no answer is a PlatformUnreachableError (or, guarded, a
 * PlatformBlockedError) naming only the host.
 */
export function platformFetch(platformName: string, options: TransportOptions = {}): typeof fetch {
  const send: GuardedFetch = options.guard
    ? (url, init) => {
        guardedFetch ??= publicOnlyFetch(config().allowPrivateFetchHosts, PLATFORM_TIMEOUT_MS);
        return guardedFetch(url, init);
      }
    : fetch;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    let response: Response;
    try {
      // Callers pass a URL and init (oauth4webapi, @atcute and callPlatform all do), never a Request.
      response = await send(url.href, { ...init, signal: init?.signal ?? AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
    } catch (error) {
      // A transport may say why itself; the underlying error may quote the URL, so it is not passed on.
      if (error instanceof PlatformError) throw error;
      throw options.guard
        ? unansweredRequestError(platformName, options.guard, url.host, error)
        : new PlatformUnreachableError(platformName, url.host, error);
    }
    if (options.refuseRedirects && response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new PlatformRejectedError(`${url.host} answered with a redirect, which is not followed`);
    }
    if (options.maxBytes === undefined) return response;
    let body: Uint8Array<ArrayBuffer> | null = null;
    try {
      body = response.body ? await readCapped(response.body, options.maxBytes) : null;
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new PlatformUnavailableError(`${platformName} sent an answer that could not be read`);
      }
      throw new PlatformUnreachableError(platformName, url.host, error);
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** A platform's answer: its status, headers and JSON body (null when it sent none, or none that could be read). */
export interface PlatformReply<T> {
  status: number;
  headers: Headers;
  body: T | null;
}

/** A successful answer: its body is always there (an empty object when the platform sent none). */
export type PlatformAnswer<T> = PlatformReply<T> & { body: T };

/**
 * What is particular to one platform's API: how it says a call succeeded, and how it words a
 * failure. Unset parts take the common form; `E` is the shape of its error bodies.
 */
export interface PlatformApi<E = Record<string, unknown>> {
  /** The platform's name in messages ('Twitter/X'). */
  name: string;
  /** How requests are sent (default: platformFetch(name)). */
  fetch?: typeof fetch;
  /** Bodies larger than this are not read (taken as no body); default: read whole. */
  maxBytes?: number;
  /** Whether the answer is a success (default: a 2xx status). */
  succeeded?(reply: PlatformReply<E>): boolean;
  /**
   * A failure the platform reports in its body, checked before the status (Facebook's error codes);
   * on a 429 only a PlatformRateLimitError counts (its wait, still at least Retry-After).
   */
  classify?(reply: PlatformReply<E>, now: Date): PlatformFailure | undefined;
  /** The 429 message (default: '<name> is rate limiting requests'). */
  rateLimitMessage?(reply: PlatformReply<E>, waitSeconds: number): string;
  /** Seconds a 429 asks us to wait (default: Retry-After or the reset header, in `resetForm`, else `rateLimitFallback`). */
  rateLimitWait?(reply: PlatformReply<E>, now: Date): number;
  resetForm?: RateLimitResetForm;
  rateLimitFallback?: number;
  /** The 5xx message (default: '<name> answered <status>'). */
  unavailableMessage?(reply: PlatformReply<E>): string;
  /** A 401 (default: as any other refusal). */
  unauthorized?(reply: PlatformReply<E>): PlatformFailure;
  /** Any other failure. */
  refused(reply: PlatformReply<E>): PlatformFailure;
}

/**
 * The PlatformError an answer means, or null when it is a success. A 429 is always a wait, whatever
 * else its body says (Threads marks some `is_transient`), and never a shorter one than its Retry-After.
 */
export function platformFailure<E>(api: PlatformApi<E>, reply: PlatformReply<E>, now: Date): PlatformFailure | null {
  if (api.succeeded ? api.succeeded(reply) : reply.status >= 200 && reply.status < 300) return null;
  const own = api.classify?.(reply, now);
  if (reply.status === 429) return rateLimitFailure(api, reply, now, own);
  if (own) return own;
  if (reply.status >= 500) {
    return new PlatformUnavailableError(api.unavailableMessage?.(reply) ?? `${api.name} answered ${reply.status}`);
  }
  if (reply.status === 401 && api.unauthorized) return api.unauthorized(reply);
  return api.refused(reply);
}

/** A 429's wait: the platform's own reading (its body, its reset header) or the common one, at least Retry-After. */
function rateLimitFailure<E>(
  api: PlatformApi<E>,
  reply: PlatformReply<E>,
  now: Date,
  own: PlatformFailure | undefined,
): PlatformRateLimitError {
  const platformWait =
    own instanceof PlatformRateLimitError
      ? own.retryAfterSeconds
      : (api.rateLimitWait?.(reply, now) ??
        retryAfterSeconds(reply.headers, now, api.rateLimitFallback ?? 30, api.resetForm));
  const wait = Math.max(platformWait, statedRetryAfter(reply.headers, now) ?? 0);
  const message =
    own instanceof PlatformRateLimitError
      ? own.message
      : (api.rateLimitMessage?.(reply, wait) ?? `${api.name} is rate limiting requests`);
  return new PlatformRateLimitError(message, wait);
}

/** The answer's JSON, or null when there is none, it is not JSON, or it passes `maxBytes`. */
export async function readJson(response: Response, maxBytes?: number): Promise<unknown> {
  if (!response.body) return null;
  try {
    const text =
      maxBytes === undefined
        ? await response.text()
        : new TextDecoder().decode(await readCapped(response.body, maxBytes));
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One request to a platform's API. */
export interface PlatformRequest {
  method?: 'GET' | 'POST';
  url: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as a form (application/x-www-form-urlencoded). */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as multipart/form-data (file uploads); fetch writes the content type with its boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
}

/**
 * Sends the request and returns the answer when the platform calls it a success; otherwise throws
 * the PlatformError it means (platformFailure). No message carries a token.
 */
export async function callPlatform<T, E = Record<string, unknown>>(
  api: PlatformApi<E>,
  request: PlatformRequest,
  now = new Date(),
): Promise<PlatformAnswer<T>> {
  const reply = await exchange<E>(api, request);
  const failure = platformFailure(api, reply, now);
  if (failure) throw failure;
  // A success without a body (204) reads as an empty object, as every adapter expects.
  return { ...reply, body: (reply.body ?? {}) as T };
}

/**
 * A read of something that may be gone: as callPlatform, but an answer `gone` recognises (by default
 * a 404) is null instead of a failure (an engagement read of a deleted post).
 */
export async function readPlatform<T, E = Record<string, unknown>>(
  api: PlatformApi<E>,
  request: PlatformRequest,
  now = new Date(),
  gone: (reply: PlatformReply<E>) => boolean = (reply) => reply.status === 404,
): Promise<T | null> {
  const reply = await exchange<E>(api, request);
  if (gone(reply)) return null;
  const failure = platformFailure(api, reply, now);
  if (failure) throw failure;
  return (reply.body ?? {}) as T;
}

async function exchange<E>(api: PlatformApi<E>, request: PlatformRequest): Promise<PlatformReply<E>> {
  const send = api.fetch ?? platformFetch(api.name);
  const body =
    request.json !== undefined
      ? { type: 'application/json', content: JSON.stringify(request.json) }
      : request.form
        ? { type: 'application/x-www-form-urlencoded', content: new URLSearchParams(request.form) }
        : request.multipart
          ? { type: null, content: request.multipart }
          : undefined;
  const response = await send(request.url, {
    method: request.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(body?.type ? { 'content-type': body.type } : {}),
      ...request.headers,
    },
    body: body?.content,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await readJson(response, api.maxBytes)) as E | null,
  };
}

import { BlockedAddressError } from './host-guard';
import { publicOnlyFetch } from './public-only-fetch';
import { readUpTo } from './read-capped';

/**
 * The one guarded fetch for a document at an address someone outside names (an article, its
 * tdmrep.json, a feed, a Webmention target and endpoint): every hop's URL checked (http(s), no
 * credentials), sent through the outbound guard (`publicOnlyFetch`: public addresses only, or the
 * configured private hosts), redirects followed by hand and each hop re-checked, one time budget
 * for every hop and the body, and the body read within a byte cap. Callers word the failures.
 */

/** Why a URL (the one asked for, or a redirect's) is not fetched. */
export class OutboundUrlError extends Error {
  constructor(
    readonly kind: 'invalid' | 'scheme' | 'credentials',
    /** The URL's scheme without its colon ('ftp'), or '' when it did not parse. */
    readonly scheme = '',
  ) {
    super(
      kind === 'invalid'
        ? 'not a valid web address'
        : kind === 'scheme'
          ? `not an http(s) address (${scheme})`
          : 'an address with a user name or password',
    );
  }
}

/** A redirect that is not followed: to an address that does not parse, back to an earlier hop, or one too many. */
export class RedirectError extends Error {
  constructor(
    readonly kind: 'invalid' | 'loop' | 'too-many',
    /** The host that answered with the redirect. */
    readonly host: string,
    readonly maxRedirects: number,
  ) {
    super(
      kind === 'loop'
        ? 'redirects in a loop'
        : kind === 'invalid'
          ? 'redirected to an invalid address'
          : 'too many redirects',
    );
  }
}

/** Nothing answered at `host` (no such name, a refused or dropped connection); the transport's error is its cause. */
export class NoAnswerError extends Error {
  constructor(
    readonly host: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The time budget ran out, at `host`. Its code reads as a timeout to `unreachableReason`. */
export class OutboundTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(
    readonly host: string,
    readonly timeoutMs: number,
  ) {
    super(`${host} did not answer within ${timeoutMs} ms`);
  }
}

export interface GuardedFetchOptions {
  /** ALLOW_PRIVATE_FETCH_HOSTS: `host`, `host:port`, or `host:port/path/` (only paths under it). */
  allowPrivateHosts: string[];
  /** One budget for every hop, connection and the body read, in milliseconds. */
  timeoutMs: number;
  /**
   * How many redirects are followed, each with the same request (a further one is a RedirectError);
   * 'manual' hands the first answer back, as a POST wants.
   */
  redirects: number | 'manual';
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** An answer, from the address reached after redirects, its body unread. */
export interface GuardedAnswer {
  /** The address that answered (the last hop). */
  url: URL;
  status: number;
  headers: Headers;
  /**
   * Reads the body within the budget: up to `maxBytes`, past which it is cut (`truncated`).
   * An expired budget is an OutboundTimeoutError; a lost connection, the transport's error.
   */
  read(maxBytes: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }>;
  /** Drops the body unread (closing the connection). */
  discard(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A URL that may be fetched: it parses, is http(s), and names no user or password. */
export function checkOutboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input.trim() : input.href);
  } catch {
    throw new OutboundUrlError('invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundUrlError('scheme', url.protocol.slice(0, -1));
  if (!url.hostname) throw new OutboundUrlError('invalid');
  if (url.username || url.password) throw new OutboundUrlError('credentials');
  return url;
}

const withoutFragment = (url: URL) => url.href.replace(/#.*$/, '');

/**
 * Fetches `input` as the module comment says. A redirect without a Location is handed back as the
 * answer (as fetch does); a refused address is a BlockedAddressError, a bad URL an OutboundUrlError,
 * a redirect not followed a RedirectError, the spent budget an OutboundTimeoutError, and no answer
 * a NoAnswerError (its cause's codes read by `unreachableReason`).
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  let url = checkOutboundUrl(input);
  // Documents carry nothing secret, so plain http is read too; each hop opens its own checked connection.
  const send = publicOnlyFetch(options.allowPrivateHosts, options.timeoutMs, { allowPlainHttp: true });
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const expired = (error: unknown) =>
    deadline.aborted ? new OutboundTimeoutError(url.host, options.timeoutMs) : error;
  const failure = (error: unknown) => {
    if (error instanceof BlockedAddressError) return error;
    return deadline.aborted ? expired(error) : new NoAnswerError(url.host, error);
  };
  const visited = new Set<string>();
  for (let redirects = 0; ; redirects++) {
    visited.add(withoutFragment(url));
    let response: Response;
    try {
      response = await send(url.href, {
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        signal: deadline,
      });
    } catch (error) {
      throw failure(error);
    }
    const location = response.headers.get('location');
    if (options.redirects !== 'manual' && REDIRECT_STATUSES.has(response.status) && location) {
      await response.body?.cancel().catch(() => undefined);
      let next: URL;
      try {
        next = checkOutboundUrl(new URL(location, url));
      } catch (error) {
        if (error instanceof OutboundUrlError && error.kind !== 'invalid') throw error;
        throw new RedirectError('invalid', url.host, options.redirects);
      }
      if (visited.has(withoutFragment(next))) throw new RedirectError('loop', url.host, options.redirects);
      if (redirects >= options.redirects) throw new RedirectError('too-many', url.host, options.redirects);
      url = next;
      continue;
    }
    return {
      url,
      status: response.status,
      headers: response.headers,
      read: async (maxBytes) => {
        if (!response.body) return { bytes: new Uint8Array(), truncated: false };
        try {
          return await readUpTo(response.body, maxBytes);
        } catch (error) {
          throw expired(error);
        }
      },
      discard: async () => {
        await response.body?.cancel().catch(() => undefined);
      },
    };
  }
}

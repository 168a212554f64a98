import { BlockedAddressError } from '#functions/lib/outbound/host-guard';
import { causeChain, unreachableReason } from '#functions/lib/outbound/network-failure';
import { publicOnlyFetch } from '#functions/lib/outbound/public-only-fetch';
import { decodeFeedBody } from './decode-body';

/** Why a feed could not be read, as a sentence shown on the feed (its failure reason). */
export class FeedFetchError extends Error {
  /** A private or otherwise refused address: refused outright, as an article's would be. */
  readonly blocked: boolean;
  constructor(message: string, blocked = false) {
    super(message);
    this.blocked = blocked;
  }
}

export interface FeedFetchOptions {
  allowPrivateHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  /** Validators of the last answer, sent back for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  maxRedirects?: number;
}

export type FeedFetchResult =
  | { status: 'not-modified'; url: string }
  | {
      status: 'fetched';
      /** Where the body was finally read from, after redirects. */
      url: string;
      body: string;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
      /** The body passed `maxBytes` and was cut there. */
      truncated: boolean;
    };

const USER_AGENT = 'ThreadSnip-Feeds/1.0 (+https://threadsnip.app)';
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Reads a body up to `maxBytes`: past it, the rest is dropped and the answer marked cut. */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      total += room;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

function parseFeedUrl(input: string): URL {
  if (!URL.canParse(input.trim())) throw new FeedFetchError('This is not a valid web address.');
  const url = new URL(input.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('Only http and https addresses can be followed.');
  }
  if (url.username || url.password) throw new FeedFetchError('Addresses with a user name or password cannot be read.');
  return url;
}

function failureOf(error: unknown, url: URL, timedOut: boolean): FeedFetchError {
  const blocked = causeChain(error).find((cause) => cause instanceof BlockedAddressError);
  if (blocked instanceof BlockedAddressError) return new FeedFetchError(blocked.message, true);
  if (timedOut) return new FeedFetchError(`${url.host} did not answer in time.`);
  const reason = unreachableReason(error, url.host);
  return new FeedFetchError(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
}

/**
 * Fetches a feed (or the page naming it) through the outbound guard (`publicOnlyFetch`): public
 * addresses only (or the configured private hosts), redirects followed by hand and each re-checked, a conditional GET with
 * the last validators (a 304 is 'not-modified'), one time budget for the whole exchange, and a body
 * cap past which the body is cut, not refused; the body is decoded as its mark, charset or XML
 * declaration says (`decodeFeedBody`). Every failure is a FeedFetchError.
 */
export async function fetchFeed(input: string, options: FeedFetchOptions): Promise<FeedFetchResult> {
  let url = parseFeedUrl(input);
  // Node's own http client (no bundled one): feeds are public documents, so plain http is read too.
  const guardedFetch = publicOnlyFetch(options.allowPrivateHosts, options.timeoutMs, { allowPlainHttp: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  try {
    for (let redirects = 0; ; redirects++) {
      const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT };
      if (options.etag) headers['if-none-match'] = options.etag;
      if (options.lastModified) headers['if-modified-since'] = options.lastModified;
      let response: Response;
      try {
        response = await guardedFetch(url.href, { signal: controller.signal, headers });
      } catch (error) {
        throw failureOf(error, url, controller.signal.aborted);
      }
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location || redirects >= maxRedirects) {
          throw new FeedFetchError(`${url.host} redirected too many times or to no address.`);
        }
        url = parseFeedUrl(new URL(location, url).href);
        continue;
      }
      if (response.status === 304) return { status: 'not-modified', url: url.href };
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw new FeedFetchError(`${url.host} answered with an error (HTTP ${response.status}).`);
      }
      let read: { bytes: Uint8Array; truncated: boolean };
      try {
        read = response.body
          ? await readUpTo(response.body, options.maxBytes)
          : { bytes: new Uint8Array(), truncated: false };
      } catch (error) {
        throw failureOf(error, url, controller.signal.aborted);
      }
      const contentType = response.headers.get('content-type');
      return {
        status: 'fetched',
        url: url.href,
        body: decodeFeedBody(read.bytes, contentType),
        contentType: (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        truncated: read.truncated,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

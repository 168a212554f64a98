import {
  checkOutboundUrl,
  guardedFetch,
  NoAnswerError,
  OutboundTimeoutError,
  OutboundUrlError,
  RedirectError,
} from '#functions/lib/outbound/guarded-fetch';
import { BlockedAddressError } from '#functions/lib/outbound/host-guard';
import { unreachableReason } from '#functions/lib/outbound/network-failure';
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

function urlFailure(error: OutboundUrlError): FeedFetchError {
  if (error.kind === 'scheme') return new FeedFetchError('Only http and https addresses can be followed.');
  if (error.kind === 'credentials') return new FeedFetchError('Addresses with a user name or password cannot be read.');
  return new FeedFetchError('This is not a valid web address.');
}

function failureOf(error: unknown, host: string): FeedFetchError {
  if (error instanceof BlockedAddressError) return new FeedFetchError(error.message, true);
  if (error instanceof OutboundUrlError) return urlFailure(error);
  // A loop, like a chain past the limit or a Location that names nothing, is never read.
  if (error instanceof RedirectError)
    return new FeedFetchError(`${error.host} redirected too many times or to no address.`);
  if (error instanceof OutboundTimeoutError) return new FeedFetchError(`${error.host} did not answer in time.`);
  const reason = unreachableReason(error, error instanceof NoAnswerError ? error.host : host);
  return new FeedFetchError(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
}

/**
 * Fetches a feed (or the page naming it) through the one guarded fetch: public addresses only (or
 * the configured private hosts), redirects followed by hand and each re-checked, a conditional GET
 * with the last validators (a 304 is 'not-modified'), one time budget for the whole exchange, and
 * a body cap past which the body is cut, not refused; the body is decoded as its mark, charset or
 * XML declaration says (`decodeFeedBody`). Every failure is a FeedFetchError.
 */
export async function fetchFeed(input: string, options: FeedFetchOptions): Promise<FeedFetchResult> {
  let start: URL;
  try {
    start = checkOutboundUrl(input);
  } catch (error) {
    throw failureOf(error, '');
  }
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  let answer: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    answer = await guardedFetch(start, {
      allowPrivateHosts: options.allowPrivateHosts,
      timeoutMs: options.timeoutMs,
      redirects: options.maxRedirects ?? 5,
      headers,
    });
  } catch (error) {
    throw failureOf(error, start.host);
  }
  const url = answer.url;
  // The guarded fetch hands back a redirect only when it names no address to follow.
  if (REDIRECT_STATUSES.has(answer.status)) {
    await answer.discard();
    throw new FeedFetchError(`${url.host} redirected too many times or to no address.`);
  }
  if (answer.status === 304) return { status: 'not-modified', url: url.href };
  if (answer.status < 200 || answer.status > 299) {
    await answer.discard();
    throw new FeedFetchError(`${url.host} answered with an error (HTTP ${answer.status}).`);
  }
  let read: { bytes: Uint8Array; truncated: boolean };
  try {
    read = await answer.read(options.maxBytes);
  } catch (error) {
    throw failureOf(error, url.host);
  }
  const contentType = answer.headers.get('content-type');
  return {
    status: 'fetched',
    url: url.href,
    body: decodeFeedBody(read.bytes, contentType),
    contentType: (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
    etag: answer.headers.get('etag'),
    lastModified: answer.headers.get('last-modified'),
    truncated: read.truncated,
  };
}

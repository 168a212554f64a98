import {
  type GuardedFetchOptions,
  guardedFetch,
  OutboundUrlError,
  RedirectError,
} from '#functions/lib/outbound/guarded-fetch';
import { BlockedAddressError } from '#functions/lib/outbound/host-guard';
import { causeChain } from '#functions/lib/outbound/network-failure';
import { discoverWebmentionEndpoint } from './discover-endpoint';

/** How one Webmention attempt ended; `retry` is a 5xx or no answer, worth another try later. */
export type WebmentionOutcome =
  | { kind: 'sent'; statusCode: number; endpoint: string }
  | { kind: 'no_endpoint' }
  | { kind: 'refused'; statusCode: number }
  | { kind: 'blocked'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'retry'; reason: string; statusCode?: number };

const MAX_REDIRECTS = 5;
/** Discovery reads at most this much of the article (endpoints are declared in the head or early). */
const MAX_PAGE_BYTES = 1024 * 1024;

/** Where the guarded fetch may go, and each exchange's time budget (discovery's hops together, then the POST). */
export type WebmentionFetchOptions = Pick<GuardedFetchOptions, 'allowPrivateHosts' | 'timeoutMs'>;

class RetryLater extends Error {}

function isWebScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

async function discover(options: WebmentionFetchOptions, target: string): Promise<string | null> {
  const page = await guardedFetch(target, {
    ...options,
    redirects: MAX_REDIRECTS,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
  });
  if (page.status >= 500) {
    await page.discard();
    throw new RetryLater(`the article answered ${page.status}`);
  }
  const linkHeaders = page.headers.get('link');
  const isHtml = /html/i.test(page.headers.get('content-type') ?? '');
  let html: string | null = null;
  if (isHtml) {
    const read = await page.read(MAX_PAGE_BYTES);
    // A page past the cap is not parsed: its Link headers may still name the endpoint.
    if (!read.truncated) html = new TextDecoder().decode(read.bytes);
  } else {
    await page.discard();
  }
  // Headers joins repeated Link headers with ", ", which is itself a valid Link list.
  return discoverWebmentionEndpoint(linkHeaders ? [linkHeaders] : [], html, page.url.href);
}

/**
 * Tells `target`'s author that `source` mentions it: discovers the endpoint, then POSTs
 * `source` and `target` form-encoded (Webmention §3.1.3). Every request goes through the one
 * guarded fetch; an endpoint at a private address or not http(s) is never called, and the POST's
 * redirects are answers, never followed.
 */
export async function sendWebmention(
  options: WebmentionFetchOptions,
  source: string,
  target: string,
): Promise<WebmentionOutcome> {
  try {
    const endpoint = await discover(options, target);
    if (!endpoint) return { kind: 'no_endpoint' };
    if (!isWebScheme(new URL(endpoint))) return { kind: 'blocked', reason: 'the endpoint is not an http(s) address' };
    const answer = await guardedFetch(endpoint, {
      ...options,
      redirects: 'manual',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ source, target }).toString(),
    });
    await answer.discard();
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent', statusCode: answer.status, endpoint };
    if (answer.status >= 500)
      return { kind: 'retry', reason: `the endpoint answered ${answer.status}`, statusCode: answer.status };
    return { kind: 'refused', statusCode: answer.status };
  } catch (error) {
    if (error instanceof BlockedAddressError) return { kind: 'blocked', reason: error.message };
    if (error instanceof OutboundUrlError && error.kind === 'scheme') {
      return {
        kind: 'blocked',
        reason: new BlockedAddressError(`${error.scheme}:`, 'a link that is not http(s)').message,
      };
    }
    if (error instanceof RedirectError && error.kind !== 'invalid')
      return { kind: 'failed', reason: 'too many redirects' };
    if (error instanceof RetryLater) return { kind: 'retry', reason: error.message };
    const reason = error instanceof Error ? error.message : String(error);
    // No answer (a timeout, a dropped or refused connection): another try may get one.
    if (causeChain(error).some((cause) => typeof (cause as { code?: unknown })?.code === 'string'))
      return { kind: 'retry', reason };
    return { kind: 'failed', reason };
  }
}

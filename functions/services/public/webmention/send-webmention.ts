import { BlockedAddressError } from '#functions/lib/outbound/host-guard';
import { causeChain } from '#functions/lib/outbound/network-failure';
import type { GuardedFetch } from '#functions/lib/outbound/public-only-fetch';
import { BodyTooLargeError, readCapped } from '#functions/lib/outbound/read-capped';
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
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class RetryLater extends Error {}

function isWebScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** GET with redirects followed one by one, each hop through the guarded fetch. */
async function fetchFollowing(fetcher: GuardedFetch, start: string): Promise<{ response: Response; url: string }> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!isWebScheme(new URL(url))) throw new BlockedAddressError(new URL(url).protocol, 'a link that is not http(s)');
    const response = await fetcher(url, { headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' } });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location) return { response, url };
    await response.body?.cancel();
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

async function discover(fetcher: GuardedFetch, target: string): Promise<string | null> {
  const { response, url } = await fetchFollowing(fetcher, target);
  if (response.status >= 500) throw new RetryLater(`the article answered ${response.status}`);
  const linkHeaders = response.headers.get('link');
  const isHtml = /html/i.test(response.headers.get('content-type') ?? '');
  let html: string | null = null;
  if (isHtml && response.body) {
    try {
      html = new TextDecoder().decode(await readCapped(response.body, MAX_PAGE_BYTES));
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
    }
  } else {
    await response.body?.cancel();
  }
  // Headers joins repeated Link headers with ", ", which is itself a valid Link list.
  return discoverWebmentionEndpoint(linkHeaders ? [linkHeaders] : [], html, url);
}

/**
 * Tells `target`'s author that `source` mentions it: discovers the endpoint, then POSTs
 * `source` and `target` form-encoded (Webmention §3.1.3). Every request goes through `fetcher`
 * (the outbound guard); an endpoint at a private address or not http(s) is never called.
 */
export async function sendWebmention(
  fetcher: GuardedFetch,
  source: string,
  target: string,
): Promise<WebmentionOutcome> {
  try {
    const endpoint = await discover(fetcher, target);
    if (!endpoint) return { kind: 'no_endpoint' };
    if (!isWebScheme(new URL(endpoint))) return { kind: 'blocked', reason: 'the endpoint is not an http(s) address' };
    const response = await fetcher(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ source, target }).toString(),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { kind: 'sent', statusCode: response.status, endpoint };
    if (response.status >= 500)
      return { kind: 'retry', reason: `the endpoint answered ${response.status}`, statusCode: response.status };
    return { kind: 'refused', statusCode: response.status };
  } catch (error) {
    if (error instanceof BlockedAddressError) return { kind: 'blocked', reason: error.message };
    if (error instanceof RetryLater) return { kind: 'retry', reason: error.message };
    if (error instanceof TypeError && /Cannot fetch/.test(error.message))
      return { kind: 'blocked', reason: error.message };
    const reason = error instanceof Error ? error.message : String(error);
    // No answer (a timeout, a dropped or refused connection): another try may get one.
    if (causeChain(error).some((cause) => typeof (cause as { code?: unknown })?.code === 'string'))
      return { kind: 'retry', reason };
    return { kind: 'failed', reason };
  }
}

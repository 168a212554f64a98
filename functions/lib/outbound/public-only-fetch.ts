import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import {
  assertPathAllowed,
  BlockedAddressError,
  connectedAddressRefusal,
  defaultPort,
  isAllowedHost,
  literalAddressRefusal,
  parseAllowedHosts,
  publicOnlyLookup,
  stripBrackets,
} from './host-guard';

/** The part of `fetch` an API client needs. */
export type GuardedFetch = (url: string, init?: RequestInit) => Promise<Response>;

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function responseOf(message: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    // Cookies are never used, and a Response may not carry them.
    if (value === undefined || name === 'set-cookie') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const status = message.statusCode ?? 0;
  if (NULL_BODY_STATUSES.has(status)) message.resume();
  return new Response(NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(message) as ReadableStream), {
    status,
    statusText: message.statusMessage ?? '',
    headers,
  });
}

/**
 * A `fetch` for API calls to a host a user names (a Mastodon instance), on Node's own http(s)
 * client rather than a bundled one: it connects only to public addresses (literal IPs refused
 * before connecting, names at DNS lookup, the connected socket checked again), or to hosts in
 * `allowPrivateHosts`, the only ones it reaches over plain http unless `allowPlainHttp` (a public
 * feed, which carries no token). Redirects are answered, never followed; no connection is reused,
 * so every request is checked; bodies come as sent (no Accept-Encoding is offered).
 */
export function publicOnlyFetch(
  allowPrivateHosts: string[],
  idleTimeoutMs: number,
  /** Plain http to public hosts too (a feed, a Webmention: nothing secret is sent). */
  options: { allowPlainHttp?: boolean } = {},
): GuardedFetch {
  const allowed = parseAllowedHosts(allowPrivateHosts);
  return async (input, init) => {
    // The Request normalises what fetch accepts: header forms, a form or JSON body and its type.
    const prepared = new Request(input, { ...init, redirect: 'manual' });
    const url = new URL(prepared.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`Cannot fetch ${url.protocol} URLs`);
    assertPathAllowed(allowed, url);
    const hostname = stripBrackets(url.hostname);
    const open = isAllowedHost(allowed, hostname, Number(url.port) || defaultPort(url.protocol));
    const literal = open ? null : literalAddressRefusal(hostname);
    if (literal) throw literal;
    // Plain http would let anyone on the path read the tokens and the posts.
    if (!open && !options.allowPlainHttp && url.protocol !== 'https:')
      throw new BlockedAddressError(url.host, 'an unencrypted (http) address');
    const body = prepared.body ? Buffer.from(await prepared.arrayBuffer()) : undefined;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

    return new Promise<Response>((resolve, reject) => {
      const request = send(
        url,
        {
          method: prepared.method,
          headers: Object.fromEntries(prepared.headers),
          signal: init?.signal ?? undefined,
          timeout: idleTimeoutMs,
          agent: false,
          ...(open ? {} : { lookup: publicOnlyLookup }),
        },
        (message) => {
          try {
            resolve(responseOf(message));
          } catch (error) {
            message.destroy();
            reject(error);
          }
        },
      );
      if (!open) {
        request.once('socket', (socket) => {
          socket.once('connect', () => {
            const refusal = connectedAddressRefusal(hostname, socket.remoteAddress);
            if (refusal) request.destroy(refusal);
          });
        });
      }
      request.once('timeout', () =>
        request.destroy(
          Object.assign(new Error(`No answer from ${url.host} within ${idleTimeoutMs} ms`), { code: 'ETIMEDOUT' }),
        ),
      );
      request.once('error', reject);
      request.end(body);
    });
  };
}

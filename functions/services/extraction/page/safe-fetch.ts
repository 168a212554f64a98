import type { Socket } from 'node:net';
import { Agent, buildConnector, fetch } from 'undici';
import { ExtractionError } from '#functions/lib/errors';
import {
  type AllowedHost,
  assertPathAllowed,
  connectedAddressRefusal,
  defaultPort,
  isAllowedHost,
  literalAddressRefusal,
  parseAllowedHosts,
  publicOnlyLookup,
  stripBrackets,
} from '#functions/lib/outbound/host-guard';
import { causeChain } from '#functions/lib/outbound/network-failure';
import { BodyTooLargeError, readCapped } from '#functions/lib/outbound/read-capped';
import { apiErrorMessages } from '#shared/messages/api-errors';

/** Limits and exceptions for one server-side page fetch. */
export interface SafeFetchOptions {
  /**
   * Hosts (`host` or `host:port`) that may be fetched even though they resolve to a private address;
   * an entry with a path (`host:port/samples/`) allows only URLs whose path starts with it.
   */
  allowPrivateHosts: string[];
  /** Overall budget for connecting, redirects and reading the body. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** The media types accepted (HTML by default; tdmrep.json asks for JSON). */
  mediaTypes?: readonly string[];
}

/** A fetched HTML page, decoded to text. */
export interface FetchedPage {
  /** The address the page was finally read from, after redirects. */
  url: string;
  html: string;
  contentType: string;
  charset: string;
  /** The final response's headers (TDMRep and X-Robots-Tag are read from them). */
  headers: Headers;
}

/** The site answered, with a status other than success (a missing tdmrep.json is a 404). */
export class PageStatusError extends ExtractionError {
  constructor(readonly siteStatus: number) {
    super(`The site answered with an error (HTTP ${siteStatus}).`);
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; ThreadSnip/1.0; +https://threadsnip.app)';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A connector that refuses non-public addresses: literal IPs before connecting, names at DNS lookup,
 * and, whatever the path, the address the socket is actually connected to (DNS rebinding).
 */
function guardedConnector(allowed: AllowedHost[], timeoutMs: number): buildConnector.connector {
  const strict = buildConnector({ timeout: timeoutMs, lookup: publicOnlyLookup });
  const open = buildConnector({ timeout: timeoutMs });
  return (options, callback) => {
    const hostname = stripBrackets(options.hostname);
    const port = Number(options.port) || defaultPort(options.protocol);
    if (isAllowedHost(allowed, hostname, port)) {
      open(options, callback);
      return;
    }
    const literal = literalAddressRefusal(hostname);
    if (literal) {
      callback(literal, null);
      return;
    }
    strict(options, (...args) => {
      const [error, socket] = args;
      if (error) {
        callback(error, null);
        return;
      }
      const refusal = connectedAddressRefusal(hostname, (socket as Socket).remoteAddress);
      if (refusal) {
        socket.destroy();
        callback(refusal, null);
        return;
      }
      callback(null, socket);
    });
  };
}

function parseUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ExtractionError(apiErrorMessages.invalid_url, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExtractionError(`Only http and https links can be read (this link uses ${url.protocol.slice(0, -1)}).`);
  }
  if (!url.hostname) throw new ExtractionError(apiErrorMessages.invalid_url, 'invalid_url');
  if (url.username || url.password) throw new ExtractionError('Links with a user name or password cannot be read.');
  return url;
}

interface ErrorWithCode {
  code?: string;
}

function connectionError(error: unknown, url: URL): ExtractionError {
  const causes = causeChain(error);
  const domain = causes.find((cause) => cause instanceof ExtractionError);
  if (domain instanceof ExtractionError) return domain;
  const codes = causes.map((cause) => (cause as ErrorWithCode)?.code).filter(Boolean);
  const host = url.host;
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')) {
    return new ExtractionError(`Could not find the site ${host}. Check the link and try again.`);
  }
  if (codes.includes('ECONNREFUSED')) return new ExtractionError(`The site ${host} refused the connection.`);
  if (codes.some((code) => code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')) {
    return new ExtractionError(`The site ${host} took too long to respond.`);
  }
  if (codes.some((code) => code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'EPROTO')) {
    return new ExtractionError(`Could not open a secure connection to ${host}.`);
  }
  return new ExtractionError(`Could not connect to the site ${host}. Check the link and try again.`);
}

function mimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function charsetFromContentType(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1] ?? null;
}

function charsetFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

// The HTML prescan: <meta charset> or <meta http-equiv content="…charset=…"> near the top.
function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  for (const meta of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta);
    if (direct?.[1]) return direct[1];
  }
  return null;
}

function decoderFor(label: string | null): TextDecoder {
  if (label) {
    try {
      return new TextDecoder(label);
    } catch {
      // Unknown labels fall back to UTF-8, as browsers do for the web's most common encoding.
    }
  }
  return new TextDecoder('utf-8');
}

const looksLikeHtml = (bytes: Uint8Array) =>
  /^\s*(<!doctype html|<html|<head|<body|<!--|<meta|<title)/i.test(
    new TextDecoder('latin1').decode(bytes.subarray(0, 512)),
  );

const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
const tooLarge = (maxBytes: number) =>
  new ExtractionError(`The page is too large to read (over ${readableSize(maxBytes)}).`);

/**
 * Fetches an HTML page for extraction without letting a URL reach private networks: http(s) only,
 * every connection's address checked, redirects followed by hand and re-checked, a time budget,
 * a size cap, HTML only, decoded with the page's charset. Every refusal is an ExtractionError.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = parseUrl(input);
  const allowed = parseAllowedHosts(options.allowPrivateHosts);
  const agent = new Agent({ connect: guardedConnector(allowed, timeoutMs) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () =>
    new ExtractionError(`The site took too long to respond (over ${Math.round(timeoutMs / 100) / 10} seconds).`);
  const visited = new Set<string>();
  try {
    for (let redirects = 0; ; redirects++) {
      visited.add(url.href.replace(/#.*$/, ''));
      assertPathAllowed(allowed, url);
      let response: Awaited<ReturnType<typeof fetch>>;
      try {
        response = await fetch(url, {
          dispatcher: agent,
          redirect: 'manual',
          signal: controller.signal,
          headers: {
            'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
            accept: options.mediaTypes?.join(',') ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
            'accept-language': 'en;q=0.9,*;q=0.5',
          },
        });
      } catch (error) {
        if (controller.signal.aborted) throw timedOut();
        throw connectionError(error, url);
      }

      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location)
          throw new ExtractionError(`The site answered with a redirect (HTTP ${response.status}) but no address.`);
        let next: URL;
        try {
          next = parseUrl(new URL(location, url).href);
        } catch (error) {
          if (error instanceof ExtractionError && !error.message.startsWith('Please')) throw error;
          throw new ExtractionError('The page redirected to an invalid address.');
        }
        if (visited.has(next.href.replace(/#.*$/, ''))) throw new ExtractionError('The page redirects in a loop.');
        if (redirects >= maxRedirects) {
          throw new ExtractionError(`The page redirected too many times (more than ${maxRedirects}).`);
        }
        url = next;
        continue;
      }

      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw new PageStatusError(response.status);
      }

      const contentType = response.headers.get('content-type') ?? '';
      const mime = mimeType(contentType);
      const accepted = options.mediaTypes ? new Set(options.mediaTypes) : HTML_TYPES;
      if (mime && !accepted.has(mime)) {
        await response.body?.cancel().catch(() => undefined);
        throw new ExtractionError(`This link is not a web page (it is ${mime}), so no article can be read from it.`);
      }
      const declaredLength = Number(response.headers.get('content-length'));
      if (declaredLength > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }

      let bytes: Uint8Array;
      try {
        bytes = response.body
          ? await readCapped(response.body as ReadableStream<Uint8Array>, maxBytes)
          : new Uint8Array();
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw tooLarge(maxBytes);
        if (controller.signal.aborted) throw timedOut();
        throw new ExtractionError('The connection was lost while reading the page. Please try again.');
      }
      if (!mime && !options.mediaTypes && !looksLikeHtml(bytes)) {
        throw new ExtractionError('This link is not a web page, so no article can be read from it.');
      }
      // A byte order mark wins over the header, which wins over <meta charset> (the HTML rules).
      const label = charsetFromBom(bytes) ?? charsetFromContentType(contentType) ?? charsetFromMeta(bytes);
      const decoder = decoderFor(label);
      return {
        url: url.href,
        html: decoder.decode(bytes),
        contentType: mime || 'text/html',
        charset: decoder.encoding,
        headers: new Headers(Object.fromEntries(response.headers.entries())),
      };
    }
  } finally {
    clearTimeout(timer);
    await agent.destroy().catch(() => undefined);
  }
}

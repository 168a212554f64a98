import { ExtractionError } from '#functions/lib/errors';
import {
  guardedFetch,
  NoAnswerError,
  OutboundTimeoutError,
  OutboundUrlError,
  RedirectError,
} from '#functions/lib/outbound/guarded-fetch';
import { causeChain } from '#functions/lib/outbound/network-failure';
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

/** An address refused before any request, worded for the person who pasted it. */
function urlRefusal(error: OutboundUrlError): ExtractionError {
  if (error.kind === 'scheme') {
    return new ExtractionError(`Only http and https links can be read (this link uses ${error.scheme}).`);
  }
  if (error.kind === 'credentials') return new ExtractionError('Links with a user name or password cannot be read.');
  return new ExtractionError(apiErrorMessages.invalid_url, 'invalid_url');
}

function redirectRefusal(error: RedirectError): ExtractionError {
  if (error.kind === 'loop') return new ExtractionError('The page redirects in a loop.');
  if (error.kind === 'invalid') return new ExtractionError('The page redirected to an invalid address.');
  return new ExtractionError(`The page redirected too many times (more than ${error.maxRedirects}).`);
}

interface ErrorWithCode {
  code?: string;
}

/** Why nothing answered, worded for the person who pasted the link. */
function connectionError(error: NoAnswerError): ExtractionError {
  const codes = causeChain(error)
    .map((cause) => (cause as ErrorWithCode)?.code)
    .filter(Boolean);
  const host = error.host;
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')) {
    return new ExtractionError(`Could not find the site ${host}. Check the link and try again.`);
  }
  if (codes.includes('ECONNREFUSED')) return new ExtractionError(`The site ${host} refused the connection.`);
  if (codes.includes('ETIMEDOUT')) return new ExtractionError(`The site ${host} took too long to respond.`);
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
 * Fetches an HTML page for extraction through the one guarded fetch (http(s) only, every hop's
 * address checked, redirects followed by hand, one time budget, a size cap), HTML only, decoded
 * with the page's charset. Every refusal is an ExtractionError, worded for the person who pasted the link.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timedOut = () =>
    new ExtractionError(`The site took too long to respond (over ${Math.round(timeoutMs / 100) / 10} seconds).`);
  let page: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    page = await guardedFetch(input, {
      allowPrivateHosts: options.allowPrivateHosts,
      timeoutMs,
      redirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      headers: {
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
        accept: options.mediaTypes?.join(',') ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-language': 'en;q=0.9,*;q=0.5',
      },
    });
  } catch (error) {
    if (error instanceof OutboundUrlError) throw urlRefusal(error);
    if (error instanceof RedirectError) throw redirectRefusal(error);
    if (error instanceof OutboundTimeoutError) throw timedOut();
    if (error instanceof NoAnswerError) throw connectionError(error);
    // A refused address (BlockedAddressError) is already an ExtractionError.
    throw error;
  }

  // The guarded fetch hands back a redirect only when it names no address to follow.
  if (REDIRECT_STATUSES.has(page.status)) {
    await page.discard();
    throw new ExtractionError(`The site answered with a redirect (HTTP ${page.status}) but no address.`);
  }
  if (page.status < 200 || page.status > 299) {
    await page.discard();
    throw new PageStatusError(page.status);
  }

  const contentType = page.headers.get('content-type') ?? '';
  const mime = mimeType(contentType);
  const accepted = options.mediaTypes ? new Set(options.mediaTypes) : HTML_TYPES;
  if (mime && !accepted.has(mime)) {
    await page.discard();
    throw new ExtractionError(`This link is not a web page (it is ${mime}), so no article can be read from it.`);
  }
  const declaredLength = Number(page.headers.get('content-length'));
  if (declaredLength > maxBytes) {
    await page.discard();
    throw tooLarge(maxBytes);
  }

  let read: { bytes: Uint8Array; truncated: boolean };
  try {
    read = await page.read(maxBytes);
  } catch (error) {
    if (error instanceof OutboundTimeoutError) throw timedOut();
    throw new ExtractionError('The connection was lost while reading the page. Please try again.');
  }
  if (read.truncated) throw tooLarge(maxBytes);
  const { bytes } = read;
  if (!mime && !options.mediaTypes && !looksLikeHtml(bytes)) {
    throw new ExtractionError('This link is not a web page, so no article can be read from it.');
  }
  // A byte order mark wins over the header, which wins over <meta charset> (the HTML rules).
  const label = charsetFromBom(bytes) ?? charsetFromContentType(contentType) ?? charsetFromMeta(bytes);
  const decoder = decoderFor(label);
  return {
    url: page.url.href,
    html: decoder.decode(bytes),
    contentType: mime || 'text/html',
    charset: decoder.encoding,
    headers: page.headers,
  };
}

import { generationMessages } from './messages/generation';

/** An article URL check: the URL to submit, or the message saying what is wrong. */
export type ArticleUrlResult = { ok: true; url: string } | { ok: false; error: string };

/**
 * Validates an article URL as typed: trimmed, http or https with a host, else
 * 'Please enter a valid URL'. The URL is returned normalised, without a trailing slash.
 */
export function validateArticleUrl(input: string): ArticleUrlResult {
  const url = parseWebUrl(input.trim());
  if (!url) return { ok: false, error: generationMessages.invalidUrl };
  const href = url.href;
  // Only a slash ending the path is dropped; one inside a query or fragment is content.
  const trailingPathSlash = !url.search && !url.hash && href.endsWith('/');
  return { ok: true, url: trailingPathSlash ? href.slice(0, -1) : href };
}

/** A URL as the fetcher reads it: scheme and host lower-cased, default port and fragment dropped. */
export function normaliseUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  return url.href;
}

/** The host name of a URL (as shown on history cards), or null when it is not a web URL. */
export function hostOf(url: string): string | null {
  return parseWebUrl(url.trim())?.hostname ?? null;
}

function parseWebUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
}

/** decodeURIComponent, or null where it would throw (`%ZZ`, a lone `%`, an encoded lone surrogate). */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

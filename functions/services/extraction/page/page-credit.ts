import { parse } from 'tldts';

/**
 * Who wrote the article and where, made clean once at extraction, so every platform's attribution
 * and the public page credit the same name.
 */

// "By Jane Doe", "BY JANE DOE", "By: Jane Doe", "Written by Jane Doe", "Автор: Иван Петров": an
// English "by" (or a label ending in a colon) is never part of a name.
const BY_PREFIX =
  /^(?:(?:written|words|reporting|text|story)\s+)?by\b[\s:.\-–—]*|^(?:author|autor|auteur|автор|text|texto|testo|tekst)\s*:\s*/iu;
// The same word in other languages, one that may also begin a name ("Von Miller", "Di Maio", "Door
// Kessler"): taken as the prefix only before a name of at least two words.
const FOREIGN_PREFIX = /^(?:von|par|por|di|door|av|af|z|от)(?::\s*|\s+)(?=\S+\s+\S)/iu;
// The role or desk after a comma: ", Staff Writer", ", AP Auto Writer", ", Senior Correspondent".
const ROLE_TAIL =
  /,\s+(?:[\p{L}.&'-]+\s+){0,3}(?:writer|reporter|editor|correspondent|columnist|contributor|journalist|staff|producer|critic|photographer|analyst|bureau|desk|intern)s?\.?$/iu;

/**
 * The author's name from the page's byline: without a leading 'By', 'By:', 'Von', 'Par', 'Por',
 * 'Автор:'…, a trailing ' | Outlet' or ', Staff Writer'. Conservative: only what cannot be part of
 * a name goes (several authors joined by commas stay). Null when nothing is left.
 */
export function authorFromByline(byline: string | null): string | null {
  if (!byline) return null;
  let name = byline.replace(/\s+/gu, ' ').trim();
  name = name.replace(BY_PREFIX, '');
  name = name.replace(FOREIGN_PREFIX, '');
  // A name never holds ' | ': what follows is the outlet or a section.
  name = name.split(/\s+\|\s+/u)[0] ?? '';
  name = name.replace(ROLE_TAIL, '');
  return name.trim() || null;
}

/**
 * A name for the outlet from the page's host, when the page names none itself: its registrable
 * domain by the Public Suffix List, private suffixes included (hosted.ap.org → ap.org, a
 * user.github.io site is its own, blog.orf.at → orf.at). Null for an address without one
 * (localhost, an IP address, a suffix the list does not know).
 */
export function outletFromHost(url: string): string | null {
  const host = parse(url, { allowPrivateDomains: true });
  if (!host.domain || host.isIp || !(host.isIcann || host.isPrivate)) return null;
  return host.domain;
}

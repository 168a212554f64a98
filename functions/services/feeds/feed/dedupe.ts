import { createHash } from 'node:crypto';
import { normaliseUrl } from '#shared/url';
import type { FeedEntry } from './parse-feed';

/**
 * The key an entry is known by across polls: its guid (RSS guid, Atom id, JSON Feed id), else its
 * link as a URL (scheme and host case and a default port do not count; a #fragment does, since
 * feeds without guids tell entries of one page apart by it), else null (an entry with neither
 * cannot be told from the next one, so it is not kept).
 */
export function entryKey(entry: Pick<FeedEntry, 'guid' | 'link'>): string | null {
  if (entry.guid) return `guid:${entry.guid}`;
  if (entry.link) return `link:${new URL(entry.link.trim()).href}`;
  return null;
}

/**
 * The key a guid-less entry with a #fragment had before fragments counted (its link without it),
 * so an entry stored under it is not landed a second time; null when it is the same key.
 */
export function legacyEntryKey(entry: Pick<FeedEntry, 'guid' | 'link'>): string | null {
  if (entry.guid || !entry.link) return null;
  const legacy = `link:${normaliseUrl(entry.link)}`;
  return legacy === entryKey(entry) ? null : legacy;
}

/** A short, key-safe id of a dedupe key (the inbox item's id within its feed). */
export function entryIdOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** A feed's id for a user: the same feed URL is the same feed (so it cannot be added twice). */
export function feedIdOf(feedUrl: string): string {
  return createHash('sha256').update(normaliseUrl(feedUrl)).digest('base64url').slice(0, 22);
}

export type UniqueEntry = FeedEntry & { entryId: string; link: string; legacyEntryId: string | null };

/**
 * The entries of one fetch, each once (first occurrence wins), with their ids; keyless ones dropped.
 * With `max`, it stops at that many (so a feed of thousands costs only the keys of those kept).
 */
export function uniqueEntries(entries: FeedEntry[], max = Number.POSITIVE_INFINITY): UniqueEntry[] {
  const seen = new Set<string>();
  const unique: UniqueEntry[] = [];
  for (const entry of entries) {
    if (unique.length >= max) break;
    const key = entryKey(entry);
    if (!key || !entry.link || seen.has(key)) continue;
    seen.add(key);
    const legacy = legacyEntryKey(entry);
    unique.push({ ...entry, link: entry.link, entryId: entryIdOf(key), legacyEntryId: legacy && entryIdOf(legacy) });
  }
  return unique;
}

/**
 * Entries newest first by date; an undated entry counts as new as the check (it lands with the
 * check's time), and entries of equal date keep the feed's order.
 */
export function newestFirst<T extends Pick<FeedEntry, 'publishedAt'>>(entries: T[]): T[] {
  return entries
    .map((entry, index) => ({
      entry,
      index,
      time: entry.publishedAt ? Date.parse(entry.publishedAt) : Number.POSITIVE_INFINITY,
    }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The `max` newest entries of a fetch, each once (the newest of a repeated one), with their ids. */
export function newestUniqueEntries(entries: FeedEntry[], max: number): UniqueEntry[] {
  return uniqueEntries(newestFirst(entries), max);
}

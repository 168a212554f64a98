import { createHash } from 'node:crypto';
import { normaliseUrl } from '#shared/url';
import type { FeedEntry } from './parse-feed';

/**
 * The key an entry is known by across polls: its guid (RSS guid, Atom id, JSON Feed id), else its
 * link normalised (scheme and host case, default port and fragment dropped), else null (an entry
 * with neither cannot be told from the next one, so it is not kept).
 */
export function entryKey(entry: Pick<FeedEntry, 'guid' | 'link'>): string | null {
  if (entry.guid) return `guid:${entry.guid}`;
  if (entry.link) return `link:${normaliseUrl(entry.link)}`;
  return null;
}

/** A short, key-safe id of a dedupe key (the inbox item's id within its feed). */
export function entryIdOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** A feed's id for a user: the same feed URL is the same feed (so it cannot be added twice). */
export function feedIdOf(feedUrl: string): string {
  return createHash('sha256').update(normaliseUrl(feedUrl)).digest('base64url').slice(0, 22);
}

/** The entries of one fetch, each once (first occurrence wins), with their ids; keyless ones dropped. */
export function uniqueEntries(entries: FeedEntry[]): Array<FeedEntry & { entryId: string; link: string }> {
  const seen = new Set<string>();
  const unique: Array<FeedEntry & { entryId: string; link: string }> = [];
  for (const entry of entries) {
    const key = entryKey(entry);
    if (!key || !entry.link || seen.has(key)) continue;
    seen.add(key);
    unique.push({ ...entry, link: entry.link, entryId: entryIdOf(key) });
  }
  return unique;
}

import { type SharedArticle, sharedArticle } from '#shared/shared-article';

/**
 * Marks a /create address as a share's. The Share menu opens /share (the manifest's share_target),
 * which forwards here with this mark, so a share carrying a url alone is never read as the sign-in
 * redirect's pending generation (url and tone alone), which generates at once and spends a credit.
 */
const SHARE_MARK = 'shared';
// The bookmarklet always sends hint (empty when nothing is selected); text or title come from a
// share made through an older manifest, whose target was /create itself.
const SHARE_KEYS = [SHARE_MARK, 'text', 'title', 'hint'] as const;
/** What the manifest's share_target sends (GET query parameters). */
const SHARED_FIELDS = ['url', 'text', 'title'] as const;

/** Whether this /create address was opened by a share or the bookmarklet (never by the sign-in redirect). */
export function isSharedArrival(search: URLSearchParams): boolean {
  return SHARE_KEYS.some((key) => search.has(key));
}

/** The article a share or the bookmarklet brought to /create, or null for any other address. */
export function sharedArticleFromSearch(search: URLSearchParams): SharedArticle | null {
  if (!isSharedArrival(search)) return null;
  return sharedArticle({
    url: search.get('url'),
    text: search.get('text'),
    title: search.get('title'),
    hint: search.get('hint'),
  });
}

/** /create's query for what the Share menu sent to /share: the shared fields it named, marked as a share. */
export function createSearchFromShare(search: URLSearchParams): URLSearchParams {
  const forwarded = new URLSearchParams();
  for (const field of SHARED_FIELDS) {
    const value = search.get(field);
    if (value) forwarded.set(field, value);
  }
  forwarded.set(SHARE_MARK, '1');
  return forwarded;
}

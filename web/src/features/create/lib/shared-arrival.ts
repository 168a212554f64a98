import { type SharedArticle, sharedArticle } from '#shared/shared-article';

// The share target always names at least one of text/title, and the bookmarklet always sends hint
// (empty when nothing is selected): that is how a shared article is told from the sign-in redirect's
// pending generation, which carries url (and tone) alone.
const SHARE_KEYS = ['text', 'title', 'hint'] as const;

/** The article a share or the bookmarklet brought to /create, or null for any other address. */
export function sharedArticleFromSearch(search: URLSearchParams): SharedArticle | null {
  if (!SHARE_KEYS.some((key) => search.has(key))) return null;
  return sharedArticle({
    url: search.get('url'),
    text: search.get('text'),
    title: search.get('title'),
    hint: search.get('hint'),
  });
}

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

/** The shared words /share hands to /create in the history entry's state, never in its address. */
interface ShareState {
  sharedHint: string | null;
}

/**
 * Where /share sends what the Share menu sent: /create's query holds the article's URL and the mark,
 * and the words around it travel in the history state, so no address (nor the Referer of the first
 * API calls) ever carries them.
 */
export function forwardShare(search: URLSearchParams): { search: URLSearchParams; state: ShareState } {
  const article = sharedArticle({ url: search.get('url'), text: search.get('text'), title: search.get('title') });
  const forwarded = new URLSearchParams(article.url ? { url: article.url } : {});
  forwarded.set(SHARE_MARK, '1');
  return { search: forwarded, state: { sharedHint: article.hint } };
}

/** The shared article of a /create arrival: from its address, with the words /share put in its state. */
export function sharedArticleAt(search: URLSearchParams, state: unknown): SharedArticle | null {
  const article = sharedArticleFromSearch(search);
  const hint = (state as Partial<ShareState> | null)?.sharedHint;
  return article && !article.hint && typeof hint === 'string' ? { ...article, hint } : article;
}

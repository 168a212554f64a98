import { shortQuoteSignal } from './rights';
import type { ArticleRights } from './schemas/article';
import type { Thread } from './schemas/thread';

/**
 * Why the article's own picture may not be reused, in the words the share step shows, or null when
 * the publisher's signals allow it: not in short-quote mode (a TDM reservation, `noai`,
 * `nosnippet`, `max-snippet`), not under `noimageai`. The same holds for a link card's thumbnail.
 */
export function articleImageRefusal(rights: ArticleRights | undefined | null): string | null {
  const signal = shortQuoteSignal(rights);
  if (signal) return `The publisher limits reuse (${signal}), so the article's image is not used.`;
  if (rights?.noimageai)
    return "The publisher asks that its images not be reused (noimageai), so the article's image is not used.";
  return null;
}

/** The visible credit line of the article's picture: the page's own credit, else 'Image: {outlet}'. */
export function articleImageCredit(pageCredit: string | null | undefined, outlet: string): string {
  return pageCredit?.trim() || `Image: ${outlet}`;
}

/** What the editor offers for the article's picture: to use it, why it may not be used, or nothing (the page has none). */
export type ArticlePictureOffer = { offered: true } | { offered: false; refusal: string } | null;

/** The thread's offer of its article's picture, opt-in: only where the page has one. */
export function articlePictureOffer(thread: Pick<Thread, 'articleImage' | 'rights'>): ArticlePictureOffer {
  if (!thread.articleImage) return null;
  const refusal = articleImageRefusal(thread.rights);
  return refusal ? { offered: false, refusal } : { offered: true };
}

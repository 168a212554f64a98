import { MAX_ALT_LENGTH } from '#shared/schemas/media';
import { absoluteUrl, type PageHead } from './page-metadata';
import { pageText } from './page-text';

/** The article's own picture as the page presents it: where it is, what it shows, whose it is. */
export interface LeadImage {
  url: string;
  /** The page's description of it (`og:image:alt`, the image's `alt`, its figure's caption); null when the page gives none. */
  alt: string | null;
  /** The credit the page prints with it ('Photo: Jane Doe/Reuters'); null when it prints none. */
  credit: string | null;
}

// A credit inside a caption: an element marked as one, or a caption ending in 'Photo: …', '© …'.
const CREDIT_ELEMENT =
  '[class*="credit" i], [class*="copyright" i], [itemprop="copyrightHolder"], [itemprop="creditText"]';
const CREDIT_IN_CAPTION =
  /(?:^|[.\s(])((?:photo(?:graph)?|image|picture|illustration|credit|foto|bild)s?\s*(?:by\s|:)\s*[^()]{2,120}|©\s*[^()]{2,120})\)?\s*$/iu;
// Alt text that names a file or says nothing is no description.
const MEANINGLESS_ALT = /^(?:image|photo|picture|img|untitled|[\w-]+\.(?:jpe?g|png|gif|webp|avif))$/iu;

const usableAlt = (value: string | null | undefined) => {
  const text = pageText(value);
  return text && !MEANINGLESS_ALT.test(text) ? text.slice(0, MAX_ALT_LENGTH) : null;
};

/** Two addresses of one file: the same origin and path (CDNs vary the query for sizes). */
function sameFile(a: string, b: string): boolean {
  const left = new URL(a);
  const right = new URL(b);
  return left.origin === right.origin && left.pathname === right.pathname;
}

function captionParts(figure: Element | null): { caption: string | null; credit: string | null } {
  const caption = figure?.querySelector('figcaption') ?? null;
  if (!caption) return { caption: null, credit: null };
  const marked = pageText(caption.querySelector(CREDIT_ELEMENT)?.textContent);
  const whole = pageText(caption.textContent);
  const credit = marked ?? pageText(whole?.match(CREDIT_IN_CAPTION)?.[1]);
  const described = whole && credit ? pageText(whole.replace(credit, '').replace(/[\s(|–—-]+$/u, '')) : whole;
  return { caption: described, credit };
}

/**
 * The article's picture: the one the page declares for sharing (`og:image`, `twitter:image`,
 * JSON-LD `image`), else the first figure's image in the article; with the page's own alt text and
 * credit, read before Readability rewrites the document. Null when the page has no picture.
 */
export function readLeadImage(document: Document, head: PageHead, declared: string | null): LeadImage | null {
  const images = [...document.querySelectorAll('img[src]')].flatMap((img) => {
    const url = absoluteUrl(img.getAttribute('src'), head.baseUrl);
    return url ? [{ img, url }] : [];
  });
  const figureImage = images.find(({ img }) => img.closest('figure') && !img.closest('header nav, footer, aside'));
  const url = declared ?? figureImage?.url ?? null;
  if (!url) return null;
  const onPage = images.find((image) => sameFile(image.url, url));
  const { caption, credit } = captionParts((onPage ?? (declared ? null : figureImage))?.img.closest('figure') ?? null);
  const alt =
    usableAlt(head.metas.get('og:image:alt')) ??
    usableAlt(head.metas.get('twitter:image:alt')) ??
    usableAlt(onPage?.img.getAttribute('alt')) ??
    caption?.slice(0, MAX_ALT_LENGTH) ??
    null;
  return { url, alt, credit };
}

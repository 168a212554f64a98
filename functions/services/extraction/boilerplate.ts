/**
 * Rules that drop page furniture Readability keeps inside the article: captions and credits,
 * share and follow widgets, bylines and datelines, newsletter boxes, "read more" and related links,
 * hover cards. They look at markup roles, class names and short formulaic texts, never at a site.
 */

/** Context that helps recognise repeated page furniture inside the article. */
export interface BoilerplateContext {
  title: string | null;
  byline: string | null;
}

// Class or id words that name furniture rather than prose.
const FURNITURE_WORDS = new Set([
  'ad', 'ads', 'advert', 'advertisement', 'advertising', 'author', 'authors', 'banner', 'bio', 'breadcrumb',
  'breadcrumbs', 'byline', 'caption', 'captions', 'carousel', 'comment', 'comments', 'consent', 'cookie', 'credit',
  'credits', 'cta', 'date', 'dateline', 'disqus', 'gallery', 'hovercard', 'lightbox', 'meta', 'modal', 'nav',
  'navigation', 'newsletter', 'outbrain', 'paywall', 'popover', 'popup', 'promo', 'promotion', 'readmore', 'recirc',
  'recommended', 'recommendations', 'related', 'rollover', 'share', 'sharing', 'sharebar', 'signup', 'slideshow',
  'social', 'sponsor', 'sponsored', 'subscribe', 'subscription', 'taboola', 'tags', 'timestamp', 'toolbar', 'tooltip',
  'trending', 'widget',
]);
// Class words of the article's own text, which outrank any furniture word beside them.
const PROSE_WORDS = new Set(['body', 'content', 'text', 'story', 'paragraph', 'entry', 'prose']);

// Short texts that are calls to action, credits or labels, not prose.
const FURNITURE_TEXT = [
  /^(read|see|view|watch|listen|click|tap|find out) (more|also|next|here|now|the full)\b/i,
  /^(related|recommended|more|also|see also|also read|also on|read next|read also|editor'?s picks?|don'?t miss|most (read|popular)|trending|top stories|latest( news)?|more (from|on|stories|news))\b.{0,100}$/i,
  /^(advertisement|advert|sponsored|ad|skip to (main )?content|continue reading( below)?|story continues below)\W*$/i,
  /^(image|photo|picture|video|graphic)( copyright| caption| credit)?\s*[:|]/i,
  /^\(?(image|photo|picture|credit|source)s?:\s/i,
  /^(image|photo) (copyright|caption)\b/i,
  /\((image|photo|picture|credit)s?:[^)]*\)\s*$/i,
  /^(share|tweet|email|print|save)( this( article| story| post)?)?\W*$/i,
  /^(like this (story|article)|share this (story|article)|follow (us|him|her|them|\w+) on (twitter|facebook|instagram|x)|sign up (for|to)|subscribe (to|for|now)|get (the latest|breaking news|our newsletter))\b/i,
  /^(by|posted|updated|published|last updated|first published)\b[^.!?]{0,80}$/i,
  /^(this (post|article|page) (may )?contains? affiliate)/i,
  /^(©|copyright\s*©?\s*\d{4})/i,
];

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const LEAF_BLOCK_TAGS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'DT', 'DD', 'FIGCAPTION', 'CAPTION']);

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function classWords(element: Element): string[] {
  const raw = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return raw
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function linkTextLength(element: Element): number {
  let total = 0;
  for (const link of element.querySelectorAll('a')) total += normalise(link.textContent ?? '').length;
  return total;
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  const style = (element.getAttribute('style') ?? '').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}

function isMediaFigure(element: Element, text: string): boolean {
  return (
    element.tagName === 'FIGURE' &&
    element.querySelector('img, picture, video, iframe, svg, canvas') !== null &&
    element.querySelector('blockquote, p p') === null &&
    text.length < 400
  );
}

function remove(element: Element): void {
  element.parentNode?.removeChild(element);
}

/** Removes page furniture Readability keeps inside the article (captions, share widgets, bylines…). */
export function removeBoilerplate(root: Element, context: BoilerplateContext): void {
  const rootLength = normalise(root.textContent ?? '').length;
  const title = context.title ? comparable(context.title) : null;
  const byline = context.byline ? comparable(context.byline) : null;

  for (const element of [...root.querySelectorAll('*')]) {
    if (!root.contains(element)) continue;
    const tag = element.tagName;
    if (tag === 'FIGCAPTION' || isHidden(element)) {
      remove(element);
      continue;
    }
    const text = normalise(element.textContent ?? '');
    if (isMediaFigure(element, text)) {
      remove(element);
      continue;
    }
    const words = classWords(element);
    // A wrapper holding much of the article is never furniture, whatever its class says.
    if (
      words.some((word) => FURNITURE_WORDS.has(word)) &&
      !words.some((word) => PROSE_WORDS.has(word)) &&
      text.length < rootLength * 0.3
    ) {
      remove(element);
      continue;
    }
    if (!LEAF_BLOCK_TAGS.has(tag) && !(tag === 'DIV' && element.querySelector('p, div, li') === null)) continue;
    const plain = comparable(text);
    if (!plain) continue;
    if ((title && plain === title) || (byline && (plain === byline || plain === `by ${byline}`))) {
      remove(element);
      continue;
    }
    if (text.length <= 200 && FURNITURE_TEXT.some((pattern) => pattern.test(text))) {
      removeWithFollowingLinks(element, text);
    }
  }
}

// A "Related" / "Don't miss" label usually heads a run of link-only paragraphs or a list: drop them too.
function removeWithFollowingLinks(element: Element, text: string): void {
  const isLabel = text.length < 60 || HEADING_TAGS.has(element.tagName);
  let next = element.nextElementSibling;
  remove(element);
  if (!isLabel) return;
  while (next) {
    const following = next.nextElementSibling;
    const nextText = normalise(next.textContent ?? '');
    if (!nextText) {
      next = following;
      continue;
    }
    if (linkTextLength(next) / nextText.length < 0.8) break;
    remove(next);
    next = following;
  }
}

/**
 * Rules that drop page furniture Readability keeps inside the article: captions and credits,
 * share and follow widgets, bylines and datelines, newsletter boxes, "read more" and related links,
 * hover cards. They look at markup roles, class names and short formulaic texts, never at a site.
 */

/** Context that helps recognise repeated page furniture inside the article. */
export interface BoilerplateContext {
  /** The headline as the page states it in various places (title, og:title, h1…). */
  titles: string[];
  byline: string | null;
  /** The page's address, to tell links to the same site from links elsewhere. */
  url?: string;
}

// Class or id words that name furniture rather than prose. Bylines are left to Readability before
// it runs (it reads them for the byline) and removed after.
const FURNITURE_WORDS = [
  'ad',
  'ads',
  'advert',
  'advertisement',
  'advertising',
  'banner',
  'breadcrumb',
  'breadcrumbs',
  'caption',
  'captions',
  'carousel',
  'comment',
  'comments',
  'consent',
  'cookie',
  'credit',
  'credits',
  'cta',
  'dateline',
  'disqus',
  'gallery',
  'hovercard',
  'lightbox',
  'modal',
  'newsletter',
  'outbrain',
  'paywall',
  'popover',
  'popup',
  'promo',
  'promotion',
  'readmore',
  'recirc',
  'recommended',
  'recommendations',
  'related',
  'rollover',
  'share',
  'sharing',
  'sharebar',
  'signup',
  'slideshow',
  'social',
  'sponsor',
  'sponsored',
  'subscribe',
  'subscription',
  'taboola',
  'tags',
  'timestamp',
  'toolbar',
  'tooltip',
  'trending',
];
const BEFORE_WORDS = new Set(FURNITURE_WORDS);
// After Readability, also what surrounds the story's text: byline, date, standfirst (the summary under the headline).
const AFTER_WORDS = new Set([
  ...FURNITURE_WORDS,
  'author',
  'authors',
  'bio',
  'byline',
  'date',
  'dek',
  'kicker',
  'meta',
  'nav',
  'standfirst',
  'strapline',
  'subtitle',
  'subheadline',
]);
// Class words of the article's own text, which outrank any furniture word beside them.
const PROSE_WORDS = new Set(['body', 'content', 'text', 'story', 'paragraph', 'entry', 'prose']);

// Short texts that are calls to action, credits or labels, not prose.
const FURNITURE_TEXT = [
  /^(read|see|view|watch|listen|click|tap|find out) (more|also|next|here|now|the full)\b/i,
  // Labels heading a list of other stories, alone or before a headline ("Related: …").
  /^(related( \w+)?|more\b[\w\s'’]{0,40}\b(stories|news|articles|coverage|reading|videos)|recommended( for you)?|see also|also read|read (next|also)|editor'?s picks?|don'?t miss|most (read|popular|viewed|shared)|trending( now)?|top stories|latest( news| stories)?|more (from|on|in|about|stories|news|coverage|videos?)\b[^.!?]{0,60}|you (may|might) (also )?(like|enjoy)|we recommend|other stories)\s*[:.…|-]*\s*$/i,
  /^(related( \w+)?|see also|also|also read|read more|read next|more|also on|watch|listen)\s*[:|»›]/i,
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
  /^\(?(reporting|additional reporting|writing|editing|compiled|produced|research) by\b/i,
  /^(\d+\s+)?comments?\W*$|^(post|add|leave|write|view|show) (a |the |all )?comments?\b/i,
  /\b(this (web)?site uses cookies|we use cookies)\b/i,
];

// Words a date or time line is made of ("Updated Nov. 19, 2019, 9:41 AM EST").
const DATE_WORDS = new RegExp(
  `\\b(${[
    'jan(uary)?',
    'feb(ruary)?',
    'mar(ch)?',
    'apr(il)?',
    'may',
    'june?',
    'july?',
    'aug(ust)?',
    'sep(t|tember)?',
    'oct(ober)?',
    'nov(ember)?',
    'dec(ember)?',
    'mon(day)?',
    'tue(s|sday)?',
    'wed(nesday)?',
    'thu(rs|rsday)?',
    'fri(day)?',
    'sat(urday)?',
    'sun(day)?',
    'am',
    'pm',
    'a\\.m',
    'p\\.m',
    'utc',
    'gmt',
    '[ecmp][sd]t',
    'bst',
    'cet',
    'cest',
    'ist',
    'updated',
    'published',
    'posted',
    'modified',
    'last',
    'first',
    'on',
    'at',
    'date',
    'time',
    'st',
    'nd',
    'rd',
    'th',
    'ago',
    'hours?',
    'minutes?',
    'days?',
  ].join('|')})\\b`,
  'gi',
);

const HAS_DATE =
  /\b(19|20)\d\d\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

// A short line that is nothing but a date (a time alone may be a live blog's heading) and its labels.
function isDateLine(text: string): boolean {
  if (text.length > 80 || !HAS_DATE.test(text)) return false;
  const rest = text
    .replace(DATE_WORDS, ' ')
    .replace(/[\d\s.,:;|/()\-–—]+/g, ' ')
    .trim();
  return rest.split(' ').filter(Boolean).length <= 1 && rest.length <= 12;
}

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const LEAF_BLOCK_TAGS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'DT', 'DD', 'FIGCAPTION', 'CAPTION']);
const LONG_PARAGRAPH = 120;
const PROSE_TEXT = 1000;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

// The author's name from a byline such as "By Jane Doe, Staff Writer", in comparable form.
function authorName(byline: string | null): string | null {
  const name = comparable((byline ?? '').replace(/^\s*by\s+/i, '').split(/[,|•·]| and /)[0] ?? '');
  return name.split(' ').length >= 2 ? name : null;
}

const splitWords = (names: string) =>
  names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function classNames(element: Element): string[] {
  return `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/).filter(Boolean);
}

function classWords(element: Element): string[] {
  return splitWords(classNames(element).join(' '));
}

// What each class says the element is: in BEM names (block__element--modifier) the element part,
// so `content__head` is a head and `story__share` a share bar, whatever block they belong to.
function roleWords(element: Element): string[] {
  return classNames(element).flatMap((name) => {
    const role = name.includes('__') ? (name.split('__').at(-1) ?? '') : name;
    return splitWords(role.split('--')[0] ?? '');
  });
}

function linkTextLength(element: Element): number {
  let total = 0;
  for (const link of element.querySelectorAll('a')) total += normalise(link.textContent ?? '').length;
  return total;
}

// The registrable part of a host, roughly: the last two labels, three under a short second level
// of a country code (example.co.uk, example.com.br).
function siteOf(host: string): string {
  const labels = host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  const size = labels.length > 2 && (labels.at(-1)?.length ?? 0) === 2 && (labels.at(-2)?.length ?? 0) <= 3 ? 3 : 2;
  return labels.slice(-size).join('.');
}

function siteOfUrl(url: string | undefined): string | null {
  try {
    const host = url ? new URL(url).hostname : '';
    return host ? siteOf(host) : null;
  } catch {
    return null;
  }
}

function linkSite(link: Element, pageSite: string): string | null {
  try {
    return siteOf(new URL(link.getAttribute('href') ?? '', `https://${pageSite}/`).hostname);
  } catch {
    return null;
  }
}

// Links to other stories on the same site; a link-only line to another site (a shop, a source) is content.
function isLinkOnlyHeadline(element: Element, text: string, pageSite: string | null): boolean {
  if (!pageSite || text.split(' ').length < 4) return false;
  const links = [...element.querySelectorAll('a[href]')];
  if (!links.length || !links.every((link) => linkSite(link, pageSite) === pageSite)) return false;
  return linkTextLength(element) >= text.length * 0.9;
}

// A block right after an image that repeats the image's description is its caption.
function repeatsImageText(element: Element, plain: string): boolean {
  if (plain.split(' ').length < 4) return false;
  const before = element.previousElementSibling ?? element.parentElement?.previousElementSibling;
  if (!before) return false;
  const images = before.tagName === 'IMG' ? [before] : [...before.querySelectorAll('img[alt]')];
  return images.some((image) => comparable(image.getAttribute('alt') ?? '') === plain);
}

function timeText(element: Element): number {
  let total = 0;
  for (const time of element.querySelectorAll('time')) total += normalise(time.textContent ?? '').length;
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

// Prose containers hold several long paragraphs or much unlinked text; furniture hardly ever does.
function holdsProse(element: Element): boolean {
  let long = 0;
  for (const paragraph of element.querySelectorAll('p')) {
    if (normalise(paragraph.textContent ?? '').length >= LONG_PARAGRAPH && ++long >= 2) return true;
  }
  const text = normalise(element.textContent ?? '').length;
  return text >= PROSE_TEXT && text - linkTextLength(element) >= PROSE_TEXT;
}

function remove(element: Element): void {
  element.parentNode?.removeChild(element);
}

function removeFurnitureElements(root: Element, words: Set<string>): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (!root.contains(element)) continue;
    if (element.tagName === 'FIGCAPTION' || isHidden(element)) {
      remove(element);
      continue;
    }
    if (element.tagName === 'FIGURE' && isMediaFigure(element, normalise(element.textContent ?? ''))) {
      remove(element);
      continue;
    }
    // Images stay: they hold no text, and the caption rule needs them.
    if (element.tagName === 'IMG') continue;
    const names = classWords(element);
    const roles = roleWords(element);
    if (names.some((word) => words.has(word)) && !roles.some((word) => PROSE_WORDS.has(word)) && !holdsProse(element)) {
      remove(element);
    }
  }
}

/** Before Readability runs: drops hidden elements, media figures and furniture named by its classes. */
export function removeFurnitureBeforeReadability(body: Element): void {
  removeFurnitureElements(body, BEFORE_WORDS);
}

// The story's own header (headline, byline, date, standfirst) sits above its first paragraph.
function removeLeadHeader(root: Element): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (!root.contains(element)) continue;
    if (element.tagName === 'P' && normalise(element.textContent ?? '').length >= LONG_PARAGRAPH) return;
    const isHeader =
      element.tagName === 'HEADER' || roleWords(element).some((word) => word === 'head' || word === 'header');
    if (isHeader && !holdsProse(element)) remove(element);
  }
}

/** Removes page furniture Readability kept inside the article (captions, share widgets, bylines…). */
export function removeBoilerplate(root: Element, context: BoilerplateContext): void {
  removeFurnitureElements(root, AFTER_WORDS);
  removeLeadHeader(root);
  const titles = context.titles.map(comparable).filter((title) => title.length > 0);
  let proseStarted = false;
  const isTitle = (plain: string) =>
    titles.some((title) => title === plain || (plain.length >= 20 && title.includes(plain)));
  const byline = context.byline ? comparable(context.byline) : null;
  const author = authorName(context.byline);
  const pageSite = siteOfUrl(context.url);

  for (const element of [...root.querySelectorAll('*')]) {
    if (!root.contains(element)) continue;
    const tag = element.tagName;
    if (!LEAF_BLOCK_TAGS.has(tag) && !(tag === 'DIV' && element.querySelector('p, div, li') === null)) continue;
    const text = normalise(element.textContent ?? '');
    const plain = comparable(text);
    if (!plain) continue;
    // The headline repeated above the story is furniture; further down (a recipe card) it is content.
    const repeatsHeadline = !proseStarted && isTitle(plain);
    if (text.length >= LONG_PARAGRAPH) proseStarted = true;
    if (
      repeatsHeadline ||
      repeatsImageText(element, plain) ||
      (byline && (plain === byline || plain === `by ${byline}`))
    ) {
      remove(element);
      continue;
    }
    // "<Author> is a reporter who covers …": the author's bio, not the story.
    if (author && text.length <= 400 && new RegExp(`^${author} (is|covers|writes|reports)\\b`).test(plain)) {
      remove(element);
      continue;
    }
    // A paragraph that is nothing but a headline-length link points to another story.
    if (isLinkOnlyHeadline(element, text, pageSite)) {
      remove(element);
      continue;
    }
    if (isDateLine(text) || timeText(element) >= text.length * 0.6) {
      remove(element);
      continue;
    }
    if (text.length <= 200 && FURNITURE_TEXT.some((pattern) => pattern.test(text))) {
      removeWithFollowingLinks(element, text);
    }
  }
  removeClosingCalls(root);
}

// Calls to action that close an article: newsletters, apps, tips, follow and comment prompts.
const CLOSING_CALL =
  /\b(click(ing)? here|sign up|subscribe|newsletters?|delivered (to|through) your (inbox|letterbox|door)|follow (us|him|her|me|them)\b.{0,40}\b(on|at)|join (us|our)|have a (news )?tip|(may|can) be reached at|email (us|me|him|her) at|tell us what you think|let us know (in|what)|(download|get) (our|the) app|all rights reserved|©\s*\d{4})/i;

// Walks back from the article's last block, dropping calls to action until real text is reached.
function removeClosingCalls(root: Element): void {
  const blocks = [...root.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, div')].filter(
    (element) => element.tagName !== 'DIV' || element.querySelector('p, div, li') === null,
  );
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index];
    if (!block || !root.contains(block)) continue;
    const text = normalise(block.textContent ?? '');
    if (!text) continue;
    if (text.length > 300 || !CLOSING_CALL.test(text)) return;
    remove(block);
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

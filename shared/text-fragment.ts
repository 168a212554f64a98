/**
 * Text-fragment links (URL Fragment Text Directives, WICG/W3C): `#:~:text=[prefix-,]start[,end][,-suffix]`
 * makes the browser scroll to the first passage of the page that matches and highlight it
 * (`::target-text`). `passageDirective` builds one checked against the page's text, so it lands on
 * its passage alone.
 */

/** Up to this many words, a passage is quoted whole (`text=passage`). */
export const WHOLE_PASSAGE_MAX_WORDS = 8;
/** A longer passage is named by this many words at each end (`text=start,end`). */
export const EDGE_WORDS = 4;

/**
 * One directive term percent-encoded: what encodeURIComponent encodes (`,`, `&`, `#`, spaces,
 * non-ASCII as UTF-8), and also `-`, which the syntax reserves for prefixes and suffixes.
 */
export function encodeTextDirectiveTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, '%2D');
}

/**
 * The directive's value for a passage alone, unchecked against any page (threads from before their
 * posts kept a checked one): whole when short, else start,end; whitespace collapsed.
 */
export function textDirective(passage: string): string | null {
  const words = passage.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length <= WHOLE_PASSAGE_MAX_WORDS) return encodeTextDirectiveTerm(words.join(' '));
  const start = words.slice(0, EDGE_WORDS).join(' ');
  const end = words.slice(-EDGE_WORDS).join(' ');
  return `${encodeTextDirectiveTerm(start)},${encodeTextDirectiveTerm(end)}`;
}

/**
 * A page's visible text prepared for matching as browsers match text directives (WICG Text
 * Fragments): case and diacritics folded (a coarser match than any browser's, so a directive found
 * unique here is unique there too), whitespace runs as one space, and each block boundary as a line
 * break that no search term crosses. `from`/`to` map every folded character back to `source`.
 */
export interface MatchableText {
  source: string;
  text: string;
  /** `text` with block boundaries as spaces: where a passage is looked for whatever its blocks. */
  flat: string;
  from: Int32Array;
  to: Int32Array;
}

const MARKS = /\p{M}/gu;
const RUNS = /\s+|\S+/g;
const SPACE_RUN = /^\s/;
const ASCII = /^[\x21-\x7e]*$/;
// Letters of scripts written without spaces: a browser's word breaker may cut anywhere between them.
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const WORD = /[\p{L}\p{N}_]/u;

const foldChars = (text: string) =>
  ASCII.test(text) ? text.toLowerCase() : text.normalize('NFD').replace(MARKS, '').toLowerCase();

/**
 * Folds `source` (block boundaries as line breaks, as the extraction writes them) for matching, a
 * run of spaces or of other characters at a time (a long article's page folds in milliseconds).
 */
export function matchableText(source: string): MatchableText {
  const parts: string[] = [];
  let from = new Int32Array(source.length + 16);
  let to = new Int32Array(source.length + 16);
  let length = 0;
  for (const match of source.matchAll(RUNS)) {
    const run = match[0];
    const at = match.index;
    // Folding rarely lengthens text (a decomposed letter at most doubles it): the maps grow seldom.
    if (length + run.length * 2 > from.length) {
      const grownFrom = new Int32Array((length + run.length) * 2);
      const grownTo = new Int32Array((length + run.length) * 2);
      grownFrom.set(from.subarray(0, length));
      grownTo.set(to.subarray(0, length));
      from = grownFrom;
      to = grownTo;
    }
    if (SPACE_RUN.test(run)) {
      if (length === 0) continue;
      parts.push(run.includes('\n') ? '\n' : ' ');
      from[length] = at;
      to[length] = at + run.length;
      length += 1;
      continue;
    }
    const folded = foldChars(run);
    if (folded.length === run.length) {
      parts.push(folded);
      for (let unit = 0; unit < run.length; unit += 1) {
        from[length] = at + unit;
        to[length] = at + unit + 1;
        length += 1;
      }
      continue;
    }
    // Folding changed the run's length (decomposed accents, say): each character mapped on its own.
    let offset = at;
    for (const char of run) {
      const one = foldChars(char);
      parts.push(one);
      for (let unit = 0; unit < one.length; unit += 1) {
        from[length] = offset;
        to[length] = offset + char.length;
        length += 1;
      }
      offset += char.length;
    }
  }
  const last = parts.at(-1);
  if (last === ' ' || last === '\n') {
    parts.pop();
    length -= 1;
  }
  const text = parts.join('');
  return { source, text, flat: text.replace(/\n/g, ' '), from: from.subarray(0, length), to: to.subarray(0, length) };
}

const isWordChar = (char: string | undefined) => char !== undefined && WORD.test(char) && !UNSPACED.test(char);

/** A word boundary at `index` of folded text, generously: anything but two letters or digits of a spaced script. */
function isBoundary(text: string, index: number): boolean {
  return index <= 0 || index >= text.length || !isWordChar(text[index - 1]) || !isWordChar(text[index]);
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\n';

function skipSpaces(text: string, index: number): number {
  let at = index;
  while (at < text.length && isSpace(text[at])) at += 1;
  return at;
}

/** The first match of a folded term at or after `from`, bounded by words where asked; -1 when none. */
function findTerm(text: string, term: string, from: number, startBounded: boolean, endBounded: boolean): number {
  for (let at = text.indexOf(term, from); at !== -1; at = text.indexOf(term, at + 1)) {
    if ((!startBounded || isBoundary(text, at)) && (!endBounded || isBoundary(text, at + term.length))) return at;
  }
  return -1;
}

/** A text directive's terms, folded as `matchableText` folds the page. */
export interface DirectiveTerms {
  prefix?: string;
  start: string;
  end?: string;
  suffix?: string;
}

/**
 * Where a browser highlights a directive in the page ([start, end) of the folded text), or null:
 * the spec's 'find a range from a text directive' — the first `start` (right after `prefix`, when
 * given) followed by the first `end` after it (and `suffix` right after that, when given), each term
 * within one block and on word boundaries.
 */
export function findDirectiveRange(page: MatchableText, terms: DirectiveTerms): [number, number] | null {
  const { text } = page;
  const { prefix, start, end, suffix } = terms;
  const startEndsOnWord = end !== undefined || suffix === undefined;
  let searchFrom = 0;
  while (searchFrom < text.length) {
    let matchStart: number;
    if (prefix !== undefined) {
      const prefixAt = findTerm(text, prefix, searchFrom, true, false);
      if (prefixAt === -1) return null;
      searchFrom = prefixAt + 1;
      const after = skipSpaces(text, prefixAt + prefix.length);
      if (after >= text.length) return null;
      const startAt = findTerm(text, start, after, false, startEndsOnWord);
      if (startAt === -1) return null;
      if (startAt !== after) continue;
      matchStart = startAt;
    } else {
      const startAt = findTerm(text, start, searchFrom, true, startEndsOnWord);
      if (startAt === -1) return null;
      searchFrom = startAt + 1;
      matchStart = startAt;
    }
    let matchEnd = matchStart + start.length;
    if (end === undefined && suffix === undefined) return [matchStart, matchEnd];
    for (;;) {
      if (end !== undefined) {
        const endAt = findTerm(text, end, matchEnd, true, suffix === undefined);
        if (endAt === -1) return null;
        matchEnd = endAt + end.length;
      }
      if (suffix === undefined) return [matchStart, matchEnd];
      const suffixFrom = skipSpaces(text, matchEnd);
      const suffixAt = findTerm(text, suffix, suffixFrom, false, true);
      if (suffixAt === -1) return null;
      if (suffixAt === suffixFrom) return [matchStart, matchEnd];
      if (end === undefined) break;
    }
  }
  return null;
}

/** At most this many words of context on each side (`prefix-,` / `,-suffix`). */
const MAX_CONTEXT_WORDS = 5;
/** At most this many words at each end of a ranged directive. */
const MAX_EDGE_WORDS = 12;
/** A passage's directive is searched among at most this many candidates (each one match over the page). */
const MAX_CANDIDATES = 600;
/** The passage is looked for at most this many times in the page. */
const MAX_OCCURRENCES = 50;

interface Word {
  start: number;
  end: number;
}

/** The space-separated words of folded `text` in [from, to), each with its offsets. */
function wordsIn(text: string, from: number, to: number): Word[] {
  const words: Word[] = [];
  let at = from;
  while (at < to) {
    at = skipSpaces(text, at);
    if (at >= to) break;
    let stop = at;
    while (stop < to && !isSpace(text[stop])) stop += 1;
    words.push({ start: at, end: stop });
    at = stop;
  }
  return words;
}

/** Words of one block, read from `index` outwards (before it: backwards), up to `limit`. */
function contextWords(text: string, index: number, direction: -1 | 1, limit: number): Word[] {
  let edge = index;
  if (direction < 0) {
    while (edge > 0 && isSpace(text[edge - 1])) edge -= 1;
    let blockStart = edge;
    while (blockStart > 0 && text[blockStart - 1] !== '\n') blockStart -= 1;
    return wordsIn(text, blockStart, edge).slice(-limit);
  }
  edge = skipSpaces(text, index);
  let blockEnd = edge;
  while (blockEnd < text.length && text[blockEnd] !== '\n') blockEnd += 1;
  return wordsIn(text, edge, blockEnd).slice(0, limit);
}

/** The page's own words [first, last] as a directive term: folded for matching and as written for the URL. */
function term(page: MatchableText, words: Word[]): { folded: string; written: string } {
  const first = words[0] as Word;
  const last = words[words.length - 1] as Word;
  const folded = page.text.slice(first.start, last.end);
  const written = page.source
    .slice(page.from[first.start], page.to[last.end - 1])
    .replace(/\s+/g, ' ')
    .trim();
  return { folded, written };
}

interface Shape {
  start: Word[];
  end: Word[];
}

interface Candidate extends Shape {
  prefix: Word[];
  suffix: Word[];
}

/**
 * The shortest directive (fewest words; context only when lengthening the start and end is not
 * enough) that a browser resolves to exactly [from, to) of the page, or null when none of the
 * candidates does. A short passage in one block is quoted whole; a longer one by its first and last
 * words (at least EDGE_WORDS each where the block allows), with `prefix-,` / `,-suffix` from the
 * blocks around it when the same words occur earlier on the page.
 */
export function directiveForRange(page: MatchableText, from: number, to: number): string | null {
  const { text } = page;
  const words = wordsIn(text, from, to);
  if (words.length === 0) return null;
  const before = contextWords(text, from, -1, MAX_CONTEXT_WORDS);
  const after = contextWords(text, to, 1, MAX_CONTEXT_WORDS);
  // No term may cross a block boundary: the start comes from the passage's first block, the end from its last.
  const firstBreak = text.indexOf('\n', from);
  const lastBreak = text.lastIndexOf('\n', to - 1);
  const firstBlock = words.filter((word) => firstBreak === -1 || firstBreak >= to || word.end <= firstBreak);
  const lastBlock = words.filter((word) => lastBreak < from || word.start > lastBreak);
  const shapes: Shape[] = [];
  if (words.length <= WHOLE_PASSAGE_MAX_WORDS && firstBlock.length === words.length)
    shapes.push({ start: words, end: [] });
  if (words.length >= 2) {
    const minStart = Math.min(EDGE_WORDS, firstBlock.length);
    const minEnd = Math.min(EDGE_WORDS, lastBlock.length);
    for (let k = minStart; k <= Math.min(firstBlock.length, MAX_EDGE_WORDS); k += 1) {
      for (let m = minEnd; m <= Math.min(lastBlock.length, MAX_EDGE_WORDS) && k + m <= words.length; m += 1) {
        shapes.push({ start: words.slice(0, k), end: words.slice(-m) });
      }
    }
  }
  const shapeSize = (shape: Shape) => shape.start.length + shape.end.length;
  const withContext = (shape: Shape, p: number, sfx: number): Candidate => ({
    ...shape,
    prefix: p ? before.slice(-p) : [],
    suffix: sfx ? after.slice(0, sfx) : [],
  });
  // Longer terms and more context only rule matches out, so when even the widest candidate of each
  // shape misses (the passage twice with the same surroundings), hundreds of narrower tries are spared.
  const widest = [shapes.filter((shape) => shape.end.length === 0).at(-1), shapes.at(-1)]
    .filter((shape) => shape !== undefined)
    .map((shape) => withContext(shape, before.length, after.length));
  if (!widest.some((candidate) => resolvedDirective(page, candidate, from, to) !== null)) return null;
  // Fewest words first; context only when needed, and a prefix before a suffix.
  const sizes = shapes.map(shapeSize);
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes) + before.length + after.length;
  let tries = 0;
  for (let total = smallest; total <= largest; total += 1) {
    for (let context = 0; context <= Math.min(total - smallest, before.length + after.length); context += 1) {
      const sized = shapes.filter((_, index) => sizes[index] === total - context);
      for (let p = Math.min(context, before.length); p >= 0 && context - p <= after.length; p -= 1) {
        for (const shape of sized) {
          const directive = resolvedDirective(page, withContext(shape, p, context - p), from, to);
          if (directive !== null) return directive;
          tries += 1;
          if (tries >= MAX_CANDIDATES) return null;
        }
      }
    }
  }
  return null;
}

/** The candidate as an encoded directive when a browser resolves it to exactly [from, to); else null. */
function resolvedDirective(page: MatchableText, candidate: Candidate, from: number, to: number): string | null {
  const parts = {
    prefix: candidate.prefix.length ? term(page, candidate.prefix) : undefined,
    start: term(page, candidate.start),
    end: candidate.end.length ? term(page, candidate.end) : undefined,
    suffix: candidate.suffix.length ? term(page, candidate.suffix) : undefined,
  };
  const found = findDirectiveRange(page, {
    prefix: parts.prefix?.folded,
    start: parts.start.folded,
    end: parts.end?.folded,
    suffix: parts.suffix?.folded,
  });
  if (found?.[0] !== from || found[1] !== to) return null;
  return [
    parts.prefix ? `${encodeTextDirectiveTerm(parts.prefix.written)}-` : null,
    encodeTextDirectiveTerm(parts.start.written),
    parts.end ? encodeTextDirectiveTerm(parts.end.written) : null,
    parts.suffix ? `-${encodeTextDirectiveTerm(parts.suffix.written)}` : null,
  ]
    .filter((part) => part !== null)
    .join(',');
}

/** How many characters two strings share at their ends (backwards) or starts, up to `limit`. */
function sharedLength(a: string, b: string, backwards: boolean, limit: number): number {
  let n = 0;
  while (n < limit && n < a.length && n < b.length) {
    const x = backwards ? a[a.length - 1 - n] : a[n];
    const y = backwards ? b[b.length - 1 - n] : b[n];
    if (x !== y) break;
    n += 1;
  }
  return n;
}

const CONTEXT_CHARS = 200;

/** Where folded `wanted` starts in the page on a word boundary (and ends on one, when asked), in order. */
function occurrencesOf(page: MatchableText, wanted: string, endBounded: boolean): number[] {
  const found: number[] = [];
  for (let at = page.flat.indexOf(wanted); at !== -1 && found.length < MAX_OCCURRENCES; ) {
    if (isBoundary(page.text, at) && (!endBounded || isBoundary(page.text, at + wanted.length))) found.push(at);
    at = page.flat.indexOf(wanted, at + 1);
  }
  return found;
}

/**
 * The text directive that lands on `passage` in a page as extracted (its visible text, `page`), or
 * null when the passage is not in that text (a headline read from <title>, say) or no directive
 * resolves to it alone. When the passage occurs more than once, the occurrence whose surroundings
 * match the passage's in the article text (`article`, folded only when needed) is the one linked;
 * else the first.
 */
export function passageDirective(passage: string, page: MatchableText, article?: () => MatchableText): string | null {
  let wanted = matchableText(passage).flat;
  if (!wanted) return null;
  const pageText = page.flat;
  let occurrences = occurrencesOf(page, wanted, true);
  // A passage clipped to its stored length ends mid-word: it is linked up to its last whole word.
  const cut = wanted.lastIndexOf(' ');
  if (occurrences.length === 0 && cut > 0 && occurrencesOf(page, wanted, false).length > 0) {
    wanted = wanted.slice(0, cut);
    occurrences = occurrencesOf(page, wanted, true);
  }
  let target = occurrences[0];
  if (target === undefined) return null;
  const articleText = occurrences.length > 1 && article ? article().flat : '';
  const inArticle = articleText.indexOf(wanted);
  if (inArticle !== -1) {
    const around = (text: string, at: number) =>
      [
        text.slice(Math.max(0, at - CONTEXT_CHARS), at),
        text.slice(at + wanted.length, at + wanted.length + CONTEXT_CHARS),
      ] as const;
    const [articleBefore, articleAfter] = around(articleText, inArticle);
    let best = -1;
    for (const at of occurrences) {
      const [pageBefore, pageAfter] = around(pageText, at);
      const score =
        sharedLength(pageBefore, articleBefore, true, CONTEXT_CHARS) +
        sharedLength(pageAfter, articleAfter, false, CONTEXT_CHARS);
      if (score > best) {
        best = score;
        target = at;
      }
    }
  }
  return directiveForRange(page, target, target + wanted.length);
}

/**
 * The URL opening `pageUrl` at a directive: its own fragment replaced (a page's anchor and a text
 * directive cannot both lead); the bare URL when there is no directive.
 */
export function directiveUrl(pageUrl: string, directive: string | null): string {
  const url = new URL(pageUrl);
  url.hash = '';
  return directive ? `${url.href}#:~:text=${directive}` : url.href;
}

/** Longest content accepted by the safety check, in UTF-16 code units as zod counts them. */
export const CONTENT_MAX_CHARS = 10_000;

const EMPTY_MESSAGE = 'Content cannot be empty';
const TOO_LONG_MESSAGE = 'Content too long (max 10,000 characters)';
const UNSAFE_MESSAGE = 'Content contains potentially unsafe elements';

// Characters a reader never sees but an attacker can slip into a keyword: C0 controls other than
// tab and line breaks, DEL, soft hyphen, grapheme joiner, zero-width and joiner characters, bidi
// marks and overrides, the byte-order mark.
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x7f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0xfeff, 0xfeff],
];

// Named references an encoder might use for markup or scheme characters (a few legacy ones also
// decode without the semicolon in browsers, so the semicolon is optional here).
const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  equals: '=',
  period: '.',
  comma: ',',
  semi: ';',
  excl: '!',
  num: '#',
  percnt: '%',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00A0',
  grave: '`',
  lsqb: '[',
  rsqb: ']',
};

const LEGACY_ENTITIES = ['quot', 'nbsp', 'amp', 'lt', 'gt'];

// Markup elements that run code or pull in other documents. Whitespace after '<' is tolerated
// because lax renderers and sanitizers disagree about it.
const DANGEROUS_TAG = /<[\s/]*(?:script|iframe|frameset|frame|object|embed|applet|link|meta|base)(?=[\s/>]|$)/i;

// An inline event handler inside a tag-like construct, e.g. <img src=x onerror=...>.
const EVENT_HANDLER_ATTRIBUTE = /<[a-z][^<>]*?[\s/"'`]on[a-z]+\s*=/i;

// Whitespace a URL parser drops (tab, newline) or that lax renderers collapse, between scheme letters.
const FILLER = '\\s*';
const loose = (word: string) => word.split('').join(FILLER);
const SCRIPT_SCHEME = new RegExp(`(?:${loose('javascript')}|${loose('vbscript')})${FILLER}:`, 'gi');
const HTML_DATA_URI = new RegExp(
  `${loose('data')}${FILLER}:\\s*(?:text\\s*/\\s*html|application\\s*/\\s*xhtml|image\\s*/\\s*svg)`,
  'i',
);
// A scheme written where a URL is expected: an attribute value, an angle-bracket or markdown link, CSS url().
const SCHEME_IN_URL_POSITION = new RegExp(
  `(?:=\\s*["'\`]?|<|\\]\\(\\s*<?|url\\(\\s*["']?)\\s*(?:${loose('javascript')}|${loose('vbscript')})${FILLER}:`,
  'i',
);
// The harmless spelling: the word then a space or the end, as in "JavaScript: The Good Parts".
const PROSE_SCHEME_WORD = /(?:java ?script|vb ?script):(?=\s|$)/gi;

/**
 * The content-safety message for a text, or null when it is acceptable: empty, over
 * 10,000 characters, or carrying script/iframe/object/embed/link/meta markup, a javascript: or
 * vbscript: URL or an HTML data URI, including entity-, percent- and escape-encoded disguises.
 */
export function contentSafetyError(content: string): string | null {
  if (content.trim() === '') return EMPTY_MESSAGE;
  if (content.length > CONTENT_MAX_CHARS) return TOO_LONG_MESSAGE;
  return hasUnsafeElements(content) ? UNSAFE_MESSAGE : null;
}

function hasUnsafeElements(content: string): boolean {
  const visible = reveal(content);
  const decoded = decodeFully(visible);
  for (const text of [visible, decoded]) {
    if (DANGEROUS_TAG.test(text) || EVENT_HANDLER_ATTRIBUTE.test(text) || HTML_DATA_URI.test(text)) return true;
    if (SCHEME_IN_URL_POSITION.test(text)) return true;
  }
  // Every script scheme left after decoding must be one of the prose spellings of the original;
  // any extra one was disguised or is followed directly by code.
  const schemes = decoded.match(SCRIPT_SCHEME)?.length ?? 0;
  const prose = visible.match(PROSE_SCHEME_WORD)?.length ?? 0;
  return schemes > prose;
}

/** Folds compatibility forms (full-width letters, long s) and drops invisible characters. */
function reveal(text: string): string {
  let visible = '';
  for (const char of text.normalize('NFKC')) {
    const code = char.codePointAt(0) ?? 0;
    if (!INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to)) visible += char;
  }
  return visible;
}

/** Undoes the encodings a payload may hide behind, repeatedly, to catch double encoding. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = reveal(decodeEscapes(decodePercent(decodeEntities(current))));
    if (next === current) break;
    current = next;
  }
  return current;
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (match, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return decodeNamedEntity(match, name);
    return fromCodePoint(dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16)) ?? match;
  });
}

// Browsers also read a legacy name run into the next word ("&ltscript" is "<script").
function decodeNamedEntity(match: string, name: string): string {
  const known = NAMED_ENTITIES[name.toLowerCase()];
  if (known !== undefined) return known;
  const legacy = LEGACY_ENTITIES.find((candidate) => name.toLowerCase().startsWith(candidate));
  return legacy ? `${NAMED_ENTITIES[legacy]}${match.slice(1 + legacy.length)}` : match;
}

// Only ASCII bytes matter for markup and schemes, and decoding them one by one never throws.
function decodePercent(text: string): string {
  return text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

// JavaScript and JSON escapes (\u003c, \u{3c}, \x3c), which some sinks decode before rendering.
function decodeEscapes(text: string): string {
  return text.replace(
    /\\(?:u\{([0-9a-f]{1,6})\}|u([0-9a-f]{4})|x([0-9a-f]{2}))/gi,
    (match, braced?: string, u?: string, x?: string) => {
      return fromCodePoint(Number.parseInt(braced ?? u ?? x ?? '', 16)) ?? match;
    },
  );
}

function fromCodePoint(codePoint: number): string | null {
  return Number.isInteger(codePoint) && codePoint >= 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : null;
}

/** Reddit: a self-post's text is at most 40,000 characters. */
export const REDDIT_TEXT_LIMIT = 40_000;
/** Reddit: a post's title is at most 300 characters. */
export const REDDIT_TITLE_LIMIT = 300;
/** The spec's default title of a thread, used when a thread has none (Reddit requires one). */
const UNTITLED = 'Untitled Thread';

const URL_IN_TEXT = /https?:\/\/\S+/g;
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING_PUNCTUATION = '.,;:!?\'"”’';

/** Number of Unicode code points, as Reddit counts a text's length. */
export function codePointLength(text: string): number {
  return [...text].length;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The link a matched `https://…` really is: without a sentence's closing punctuation or an unopened `)`. */
function trimLink(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (TRAILING_PUNCTUATION.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else return url;
  }
}

/**
 * Plain text made literal in Reddit markdown: emphasis, code, superscript, strike and link brackets
 * escaped, and line starts that would become a heading, quote or list escaped too.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_~^[\]]/g, '\\$&')
    .replace(/^(\s*)([#>])/gm, '$1\\$2')
    .replace(/^(\s*)([-+])(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*\d+)\.(?=\s)/gm, '$1\\.');
}

/** A markdown link; parentheses in the target are percent-encoded so they cannot end it early. */
export function markdownLink(label: string, url: string): string {
  const target = url.replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `[${escapeMarkdown(label)}](${target})`;
}

/** A post's plain text as Reddit markdown: links are formatted as markdown on Reddit. */
export function redditMarkdown(text: string): string {
  let result = '';
  let position = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimLink(match[0]);
    result += escapeMarkdown(text.slice(position, match.index)) + markdownLink(url, url);
    position = match.index + url.length;
  }
  return result + escapeMarkdown(text.slice(position));
}

/** The line that opens a Reddit post: the source article, linked under its site's name. */
export function redditSourceLine(sourceUrl: string): string {
  let site = sourceUrl;
  try {
    site = new URL(sourceUrl).hostname.replace(/^www\./, '');
  } catch {
    // Not a URL a browser would parse: show it whole.
  }
  return `Source: ${markdownLink(site, sourceUrl)}`;
}

/** The thread title as a Reddit post title: never empty, cut between words to fit 300 characters. */
export function redditTitle(title: string): string {
  const trimmed = title.trim().replace(/\s+/g, ' ') || UNTITLED;
  if (codePointLength(trimmed) <= REDDIT_TITLE_LIMIT) return trimmed;
  const room = [...trimmed].slice(0, REDDIT_TITLE_LIMIT - 1).join('');
  const cut = room.lastIndexOf(' ');
  return `${(cut > 0 ? room.slice(0, cut) : room).trimEnd()}…`;
}

/**
 * What arrives at /create from outside the app: the phone's Share menu (the manifest's share_target
 * sends `title`, `text` and `url`) and the bookmarklet (`url` and the selected text as `hint`).
 */

/** The longest hint kept, in characters: enough to recognise a passage, short enough for a URL. */
export const SHARED_HINT_MAX_LENGTH = 280;

/** The query parameters a share or the bookmarklet may carry (absent ones null or undefined). */
export interface SharedArticleParams {
  url?: string | null;
  text?: string | null;
  title?: string | null;
  hint?: string | null;
}

/** The article to prefill: its URL ('' when none was found) and a hint to show beside it, if any. */
export interface SharedArticle {
  url: string;
  hint: string | null;
}

// A URL ends at white space or at a character that cannot appear unescaped in one.
const URL_CANDIDATE = /https?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Sentence punctuation that follows a URL in prose rather than belonging to it.
const TRAILING_PUNCTUATION = /[.,;:!?…»”’]+$/;

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** Drops what prose puts after a URL: sentence punctuation, and a closing bracket the URL did not open. */
function trimProse(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    const closer = trimmed.at(-1);
    const opener = closer === ')' ? '(' : closer === ']' ? '[' : null;
    const unbalanced = opener !== null && trimmed.split(opener).length < trimmed.split(closer as string).length;
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === url) return url;
    url = next;
  }
}

/** The first http(s) URL written in a text (as apps share 'Look at this https://… via @x'), or null. */
export function firstWebUrl(text: string): string | null {
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const url = trimProse(match[0]);
    if (isWebUrl(url)) return url;
  }
  return null;
}

/** White space collapsed and the text cut to the hint's length (with an ellipsis when cut); null when empty. */
export function capHint(text: string): string | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  if (flat.length <= SHARED_HINT_MAX_LENGTH) return flat;
  return `${flat.slice(0, SHARED_HINT_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * The article a share or the bookmarklet points at: `url` when it is a web URL, else the first web URL
 * in `text`, then in `title`; the hint is the bookmarklet's selected text, else the shared words around
 * that URL, else the shared title.
 */
export function sharedArticle(params: SharedArticleParams): SharedArticle {
  const given = params.url?.trim() ?? '';
  const text = params.text ?? '';
  const title = params.title ?? '';
  const url = (isWebUrl(given) ? given : null) ?? firstWebUrl(text) ?? firstWebUrl(title) ?? given;
  const words = url ? text.split(url).join(' ') : text;
  const hint = capHint(params.hint ?? '') ?? capHint(words) ?? capHint(url ? title.split(url).join(' ') : title);
  return { url, hint };
}

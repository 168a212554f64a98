import { stripTrailingNumbering } from '../copy';
import { splitReadable } from '../readable-split';
import type { AuthorHandles } from '../schemas/article';

/** How a platform measures and bounds one post. */
export interface PostRules {
  /** Most a post may measure. */
  limit: number;
  /** The measure the platform applies (characters, graphemes, links at a fixed weight…). */
  measure: (text: string) => number;
  /** The thread title, a blank line, then the first post. */
  titleOnFirstPost: boolean;
  /**
   * The author's account on this platform as a native mention, when the article named one (X:
   * `twitter:creator`; Mastodon: `fediverse:creator`; Bluesky: a bsky.app profile link).
   */
  authorMention?: (handles: AuthorHandles) => string | undefined;
  /** Writes a post in the platform's markup (Reddit: markdown); posts stay plain text without it. */
  markup?: (text: string) => string;
  /** A line naming the source article, put before the first post (Reddit). */
  sourceLine?: (sourceUrl: string) => string;
  /** Lays the whole thread out the platform's own way instead of re-flowing it (LinkedIn: one post). */
  compose?: (thread: ThreadText) => string[];
}

/** The thread as the curator saved it: the last post is the attribution. */
export interface ThreadText {
  title: string;
  posts: readonly string[];
  authorHandles?: AuthorHandles;
  /** The article the thread is about (for platforms that open with a link to it). */
  sourceUrl?: string;
  /** The article's byline, for platforms that credit the author in words (LinkedIn). */
  author?: string | null;
}

const LEADING_NUMBERING = /^\s*(?:\(\d{1,3}\/\d{0,3}\)|\[\d{1,3}\/\d{0,3}\]|\d{1,3}\/\d{0,3})\s+/;
const SEPARATOR = '\n\n';

/** A post without the "1/" or "(1/5)" numbering, which no longer holds once posts are merged. */
export function withoutNumbering(text: string): string {
  return stripTrailingNumbering(text.replace(LEADING_NUMBERING, '')).trim();
}

/** The attribution with an `Author: @handle` line, when the platform mentions and it still fits one post. */
function withAuthorMention(attribution: string, handles: AuthorHandles | undefined, rules: PostRules): string {
  const mention = handles && rules.authorMention?.(handles);
  if (!attribution || !mention) return attribution;
  const credited = `${attribution}${SEPARATOR}Author: ${mention}`;
  return rules.measure(credited) <= rules.limit ? credited : attribution;
}

/**
 * Re-flows a thread to one platform's limit: the title (or the source line) before the first post
 * where the platform takes it, each post in the platform's markup, posts merged (with a blank line)
 * while they fit, long ones split where they still read on their own (between sentences; inside a
 * sentence only when it alone is too long, at a clause boundary), and the attribution always last —
 * alone, unless the whole thread fits in a single post — crediting the author's account where the
 * platform can mention it and it fits.
 */
export function reflowThread(thread: ThreadText, rules: PostRules): string[] {
  if (rules.compose) return rules.compose(thread);
  const markup = rules.markup ?? ((text: string) => text);
  const attribution = withAuthorMention(markup((thread.posts.at(-1) ?? '').trim()), thread.authorHandles, rules);
  const written = thread.posts.slice(0, -1).map(withoutNumbering).filter(Boolean).map(markup);
  const heading = rules.titleOnFirstPost ? markup(thread.title.trim()) : '';
  // The title shares the first post only when both fit whole; else it is a post of its own, so the
  // first post is never cut to make room for it.
  const together = heading && written[0] !== undefined ? `${heading}${SEPARATOR}${written[0]}` : null;
  const titlePosts: string[] = [];
  if (together !== null && rules.measure(together) <= rules.limit) written[0] = together;
  else if (heading) titlePosts.push(...splitReadable(heading, rules));
  if (rules.sourceLine && thread.sourceUrl) written.unshift(rules.sourceLine(thread.sourceUrl));
  const merged = [...titlePosts];
  for (const piece of written.flatMap((text) => splitReadable(text, rules))) {
    const last = merged.length > titlePosts.length ? merged.at(-1) : undefined;
    if (last !== undefined && rules.measure(`${last}${SEPARATOR}${piece}`) <= rules.limit) {
      merged[merged.length - 1] = `${last}${SEPARATOR}${piece}`;
    } else {
      merged.push(piece);
    }
  }
  if (!attribution) return merged;
  const single = merged.length === 1 ? `${merged[0]}${SEPARATOR}${attribution}` : null;
  if (single !== null && rules.measure(single) <= rules.limit) return [single];
  return [...merged, ...splitReadable(attribution, rules)];
}

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
  /**
   * Positions (in `posts`) of posts that carry pictures: each stays a post of its own, never merged
   * with its neighbours, so a picture is posted with the words it illustrates.
   */
  withPictures?: ReadonlySet<number>;
  /** The source link to add at the end of the first post (link placement 'first-post-and-credit' in text). */
  firstPostLink?: string;
  /** The attribution is posted apart (LinkedIn's first comment), so the laid-out posts leave it out. */
  attributionApart?: boolean;
}

/** One post as a platform gets it, with the positions of the thread's posts that start in it. */
export interface LaidOutPost {
  text: string;
  /** Positions in `ThreadText.posts` whose text starts here (a split post's later parts list none). */
  starts: number[];
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
  return layoutThread(thread, rules).map((post) => post.text);
}

/** `reflowThread`, telling where each of the thread's posts went (to put its pictures on that post). */
export function layoutThread(thread: ThreadText, rules: PostRules): LaidOutPost[] {
  const positions = thread.posts.map((_, index) => index);
  if (rules.compose)
    return rules.compose(thread).map((text, index) => ({ text, starts: index === 0 ? positions : [] }));
  const markup = rules.markup ?? ((text: string) => text);
  const attributionAt = thread.posts.length - 1;
  const attribution = thread.attributionApart
    ? ''
    : withAuthorMention(markup((thread.posts.at(-1) ?? '').trim()), thread.authorHandles, rules);
  const written = thread.posts
    .slice(0, -1)
    .map((text, index) => ({ text: markup(withoutNumbering(text)), index }))
    .filter((post) => post.text);
  if (thread.firstPostLink && written[0]) written[0].text = `${written[0].text}${SEPARATOR}${thread.firstPostLink}`;
  const heading = rules.titleOnFirstPost ? markup(thread.title.trim()) : '';
  // The title shares the first post only when both fit whole; else it is a post of its own, so the
  // first post is never cut to make room for it.
  const together = heading && written[0] !== undefined ? `${heading}${SEPARATOR}${written[0].text}` : null;
  const laidOut: (LaidOutPost & { alone: boolean })[] = [];
  if (together !== null && rules.measure(together) <= rules.limit) written[0]!.text = together;
  else if (heading) laidOut.push(...splitReadable(heading, rules).map((text) => ({ text, starts: [], alone: true })));
  const titlePosts = laidOut.length;
  const pieces = written.flatMap(({ text, index }) =>
    splitReadable(text, rules).map((piece, part) => ({
      piece,
      index: part === 0 ? index : null,
      pictured: thread.withPictures?.has(index) ?? false,
    })),
  );
  if (rules.sourceLine && thread.sourceUrl)
    pieces.unshift(
      ...splitReadable(rules.sourceLine(thread.sourceUrl), rules).map((piece) => ({
        piece,
        index: null,
        pictured: false,
      })),
    );
  for (const { piece, index, pictured } of pieces) {
    const last = laidOut.length > titlePosts ? laidOut.at(-1) : undefined;
    const merged = last ? `${last.text}${SEPARATOR}${piece}` : '';
    if (last && !last.alone && !pictured && rules.measure(merged) <= rules.limit) {
      last.text = merged;
      if (index !== null) last.starts.push(index);
    } else {
      laidOut.push({ text: piece, starts: index === null ? [] : [index], alone: pictured });
    }
  }
  const posts = laidOut.map(({ text, starts }) => ({ text, starts }));
  if (!attribution) return posts;
  const attributionPictured = thread.withPictures?.has(attributionAt) ?? false;
  const single = posts.length === 1 && !attributionPictured ? `${posts[0]!.text}${SEPARATOR}${attribution}` : null;
  if (single !== null && rules.measure(single) <= rules.limit) {
    // One post already carries the attribution's link: the first post's own would repeat it.
    if (thread.firstPostLink) return layoutThread({ ...thread, firstPostLink: undefined }, rules);
    return [{ text: single, starts: [...posts[0]!.starts, attributionAt] }];
  }
  return [
    ...posts,
    ...splitReadable(attribution, rules).map((text, part) => ({ text, starts: part === 0 ? [attributionAt] : [] })),
  ];
}

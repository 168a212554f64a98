import { threadMessages } from './messages/threads';
import type { ToastText } from './messages/toast-text';
// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import { checkAfterEdit, isCount, parsePostCheck } from './post-check';
import { POST_CHAR_LIMIT, postLength } from './post-length';
import type { PostMedia } from './schemas/media';
import type { Hallucination, Post } from './schemas/thread';

/** A post with its weighted character count; a numeric key becomes the default id `post-{index}`. */
export function makePost(content: string, indexOrId: number | string): Post {
  const id = typeof indexOrId === 'number' ? `post-${indexOrId}` : indexOrId;
  return { id, content, charCount: postLength(content) };
}

/**
 * Turns stored posts into Posts: legacy plain strings, and objects missing an id or a
 * charCount, get `post-{index}` and the weighted length. Entries with no text content are dropped.
 */
export function normalizePosts(raw: unknown): Post[] {
  if (!Array.isArray(raw)) return [];
  const posts: Post[] = [];
  raw.forEach((entry: unknown, index) => {
    const content = storedPostText(entry);
    if (content === undefined) return;
    if (typeof entry === 'string') {
      posts.push(makePost(content, index));
      return;
    }
    const value = entry as Record<string, unknown>;
    const id = typeof value.id === 'string' && value.id ? value.id : `post-${index}`;
    // The count stored at save is kept; weighing the text again is the costly part of a thread read.
    const post: Post = isCount(value.charCount) ? { id, content, charCount: value.charCount } : makePost(content, id);
    if (typeof value.source === 'string') post.source = value.source;
    if (typeof value.sourceFragment === 'string' || value.sourceFragment === null)
      post.sourceFragment = value.sourceFragment;
    const check = parsePostCheck(value.check);
    if (check) post.check = check;
    // Written only after the server checked each picture's owner (threads service), so kept as stored.
    if (Array.isArray(value.media) && value.media.length > 0) post.media = value.media as PostMedia[];
    posts.push(post);
  });
  return posts;
}

/** A stored post's text: a legacy plain string, or an object's string `content`; undefined for anything else (dropped). */
function storedPostText(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { content } = entry as Record<string, unknown>;
  return typeof content === 'string' ? content : undefined;
}

/**
 * The texts of stored posts as `normalizePosts` keeps them, without building Posts (no ids, no
 * recounted lengths): what a My Threads card needs of a thread's posts.
 */
export function storedPostTexts(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(storedPostText).filter((text) => text !== undefined);
}

const RISKS: readonly Hallucination['risk'][] = ['low', 'medium', 'high'];

/** A hallucination assessment, or null if any part is missing or invalid. */
export function parseHallucination(raw: unknown): Hallucination | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { risk, reason, contentRatio } = raw as Record<string, unknown>;
  if (!RISKS.includes(risk as Hallucination['risk']) || typeof reason !== 'string') return null;
  if (typeof contentRatio !== 'number' || !Number.isFinite(contentRatio)) return null;
  return { risk: risk as Hallucination['risk'], reason, contentRatio };
}

/** The id of a post added by the curator: `post-{timestamp}`. */
export function newPostId(now: number): string {
  return `post-${now}`;
}

/**
 * Adds an empty post just before the last (attribution) post; with no posts it is the only one.
 * The id is `post-{now}`, moved on a millisecond at a time if that id is taken.
 */
export function insertEmptyPostBeforeAttribution(posts: readonly Post[], now: number): Post[] {
  const taken = new Set(posts.map((post) => post.id));
  let stamp = now;
  while (taken.has(newPostId(stamp))) stamp += 1;
  const empty: Post = { id: newPostId(stamp), content: '', charCount: 0 };
  const at = Math.max(0, posts.length - 1);
  return [...posts.slice(0, at), empty, ...posts.slice(at)];
}

/** The result of an edit: the new posts, or the toast that explains the refusal. */
export type PostUpdate = { ok: true; posts: Post[] } | { ok: false; error: ToastText };

/**
 * Replaces one post's content and recounts it. The last post is the attribution and is refused
 * with 'Attribution Protected'; an index outside the list is a programming error (RangeError).
 */
export function updatePostContent(posts: readonly Post[], index: number, content: string): PostUpdate {
  const current = posts[index];
  if (!Number.isInteger(index) || !current) throw new RangeError(`No post at index ${index}`);
  if (index === posts.length - 1) return { ok: false, error: threadMessages.attributionProtected };
  const updated = posts.slice();
  updated[index] = { ...current, content, charCount: postLength(content), check: checkAfterEdit(current, content) };
  return { ok: true, posts: updated };
}

/** A post over the 280 limit: where it is and by how many weighted characters. */
export interface OverLimitPost {
  index: number;
  id: string;
  over: number;
}

/** The posts whose weighted length exceeds the limit, counted from their content. */
export function overLimitPosts(posts: readonly Post[]): OverLimitPost[] {
  const over: OverLimitPost[] = [];
  posts.forEach((post, index) => {
    const excess = postLength(post.content) - POST_CHAR_LIMIT;
    if (excess > 0) over.push({ index, id: post.id, over: excess });
  });
  return over;
}

/** Characters generated across the posts (the thread's generatedSize). */
export function generatedSize(posts: readonly Post[]): number {
  return posts.reduce((sum, post) => sum + post.content.length, 0);
}

import { postLength } from './post-length';
import { type Hallucination, hallucinationSchema, type Post } from './schemas/thread';

/** Turns stored posts, including legacy plain strings, into Posts. */
export function normalizePosts(raw: unknown): Post[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry, index) => {
    if (typeof entry === 'string') return { id: `post-${index}`, content: entry, charCount: postLength(entry) };
    const value = (entry ?? {}) as Partial<Post>;
    const content = typeof value.content === 'string' ? value.content : '';
    return {
      id: typeof value.id === 'string' && value.id ? value.id : `post-${index}`,
      content,
      charCount: typeof value.charCount === 'number' ? value.charCount : postLength(content),
      ...(typeof value.source === 'string' ? { source: value.source } : {}),
    };
  });
}

/** A hallucination assessment, or null if any part is missing or invalid. */
export function parseHallucination(raw: unknown): Hallucination | null {
  const parsed = hallucinationSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Characters generated across the posts. */
export function generatedSize(posts: readonly Post[]): number {
  return posts.reduce((sum, post) => sum + post.content.length, 0);
}

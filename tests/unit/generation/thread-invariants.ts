import { expect } from 'vitest';
import { attributionText } from '#shared/attribution';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Post } from '#shared/schemas/thread';

/** Asserts every guarantee a finished thread gives its caller: post count, lengths, numbering, attribution. */
export function expectValidThread(
  posts: Post[],
  article: { url: string; title: string; content: string },
  appHost: string,
): void {
  expect(posts.length).toBeGreaterThanOrEqual(3);
  expect(posts.length).toBeLessThanOrEqual(15);
  posts.forEach((post, index) => {
    expect(post.id).toBe(`post-${index}`);
    expect(post.content.trim()).not.toBe('');
    expect(post.content).toBe(post.content.trim());
    expect(postLength(post.content)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
    expect(post.charCount).toBe(postLength(post.content));
    if (post.source !== undefined) {
      expect(post.source.length).toBeLessThanOrEqual(2_000);
      expect(article.content.includes(post.source) || article.title.includes(post.source)).toBe(true);
    }
  });
  expect(posts[0]?.content).not.toMatch(/^\d+\//);
  for (let i = 1; i < posts.length - 1; i++) expect(posts[i]?.content.startsWith(`${i}/ `)).toBe(true);
  expect(posts.at(-1)?.content).toBe(attributionText(appHost, article.url));
}

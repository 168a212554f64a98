import { describe, expect, it } from 'vitest';
import { extractionResultSchema } from '#shared/schemas/article';
import { hallucinationSchema, postSchema, threadSchema, updateThreadRequestSchema } from '#shared/schemas/thread';

const thread = {
  id: '0b9f4a7e-3c1d-4e2f-9a8b-7c6d5e4f3a2b',
  userId: 'user-1',
  title: 'Untitled Thread',
  sourceUrl: 'https://news.example.com/a',
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:00.000Z',
  posts: [{ id: 'post-0', content: 'Hello', charCount: 5 }],
  themes: [],
  tone: 'professional',
  isSensitiveContent: false,
  sensitiveCategories: [],
  sensitiveContentMessage: null,
  hallucination: null,
  articleSize: 1200,
  generatedSize: 5,
  postedToX: false,
  platformPosts: { bluesky: { posted: true, postUrl: 'https://bsky.app/x' } },
};

describe('thread schemas', () => {
  it('accepts a complete thread with a partial platform map', () => {
    expect(threadSchema.parse(thread)).toEqual(thread);
  });

  it('refuses an unknown tone or platform', () => {
    expect(threadSchema.safeParse({ ...thread, tone: 'angry' }).success).toBe(false);
    expect(threadSchema.safeParse({ ...thread, platformPosts: { myspace: { posted: true } } }).success).toBe(false);
  });

  it('limits a post to 10,000 characters and a non-negative whole count', () => {
    expect(postSchema.safeParse({ id: 'p', content: 'a'.repeat(10_000), charCount: 1 }).success).toBe(true);
    expect(postSchema.safeParse({ id: 'p', content: 'a'.repeat(10_001), charCount: 1 }).success).toBe(false);
    expect(postSchema.safeParse({ id: 'p', content: 'a', charCount: -1 }).success).toBe(false);
    expect(postSchema.safeParse({ id: '', content: 'a', charCount: 1 }).success).toBe(false);
  });

  it('accepts only low, medium and high hallucination risks', () => {
    expect(hallucinationSchema.safeParse({ risk: 'high', reason: 'r', contentRatio: 2.5 }).success).toBe(true);
    expect(hallucinationSchema.safeParse({ risk: 'none', reason: 'r', contentRatio: 1 }).success).toBe(false);
  });

  it('caps an edit at 50 posts with a readable message', () => {
    const posts = Array.from({ length: 51 }, (_, i) => ({ id: `post-${i}`, content: 'x' }));
    const result = updateThreadRequestSchema.safeParse({ posts });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A thread has at most 50 posts');
    expect(updateThreadRequestSchema.safeParse({ posts: posts.slice(0, 50) }).success).toBe(true);
  });
});

describe('extraction result schema', () => {
  const result = {
    url: 'https://news.example.com/a',
    title: 'A',
    content: 'Body',
    links: [],
    extractedAt: '2024-05-01T12:00:00.000Z',
    byline: null,
    siteName: null,
    canonicalUrl: null,
    publishedTime: null,
    leadImage: null,
    language: 'en',
    authorHandles: { profiles: [] },
    themes: ['politics', 'transport'],
    isSensitiveContent: false,
    sensitiveCategories: [],
    sensitiveContentMessage: null,
  };

  it('accepts an extracted article with up to five themes', () => {
    expect(extractionResultSchema.safeParse(result).success).toBe(true);
    expect(extractionResultSchema.safeParse({ ...result, themes: ['a', 'b', 'c', 'd', 'e', 'f'] }).success).toBe(false);
  });
});

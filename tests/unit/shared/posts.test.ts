import { describe, expect, it } from 'vitest';
import { attributionText } from '#shared/attribution';
import {
  generatedSize,
  insertEmptyPostBeforeAttribution,
  makePost,
  newPostId,
  normalizePosts,
  overLimitPosts,
  parseHallucination,
  updatePostContent,
} from '#shared/posts';
import { HALLUCINATION_RISKS, hallucinationSchema, type Post } from '#shared/schemas/thread';

const ATTRIBUTION = attributionText('threadsnip.app', 'https://news.example.com/a');
const thread = (): Post[] => [makePost('1/ First point', 0), makePost('2/ Second point', 1), makePost(ATTRIBUTION, 2)];

describe('makePost', () => {
  it('gives a numeric key the default id post-{index} and counts the weighted length', () => {
    expect(makePost('Hello 🚀', 3)).toEqual({ id: 'post-3', content: 'Hello 🚀', charCount: 8 });
  });

  it('keeps a given id', () => {
    expect(makePost('x', 'post-1717000000000').id).toBe('post-1717000000000');
  });

  it('counts a link as 23', () => {
    expect(makePost('https://example.com/a/very/long/path/indeed', 0).charCount).toBe(23);
  });
});

describe('normalizePosts', () => {
  it('turns legacy plain strings into posts with index ids and weighted counts', () => {
    expect(normalizePosts(['First', 'See https://example.com/x'])).toEqual([
      { id: 'post-0', content: 'First', charCount: 5 },
      { id: 'post-1', content: 'See https://example.com/x', charCount: 27 },
    ]);
  });

  it('fills a missing id or charCount and keeps the ones present', () => {
    const posts = normalizePosts([
      { content: 'no id' },
      { id: 'custom', content: 'no count' },
      { id: 'kept', content: 'counted', charCount: 99 },
    ]);
    expect(posts).toEqual([
      { id: 'post-0', content: 'no id', charCount: 5 },
      { id: 'custom', content: 'no count', charCount: 8 },
      { id: 'kept', content: 'counted', charCount: 99 },
    ]);
  });

  it('recounts an invalid charCount and replaces an empty id', () => {
    expect(normalizePosts([{ id: '', content: 'abc', charCount: -4 }])).toEqual([
      { id: 'post-0', content: 'abc', charCount: 3 },
    ]);
    expect(normalizePosts([{ id: 'a', content: 'abc', charCount: '7' }])[0]?.charCount).toBe(3);
  });

  it('mixes strings and objects, keeping the source passage', () => {
    const posts = normalizePosts(['legacy', { id: 'p', content: 'new', charCount: 3, source: 'From paragraph 2' }]);
    expect(posts).toEqual([
      { id: 'post-0', content: 'legacy', charCount: 6 },
      { id: 'p', content: 'new', charCount: 3, source: 'From paragraph 2' },
    ]);
  });

  it("keeps each post's checked text directive, and a null one that means 'no link'", () => {
    const posts = normalizePosts([
      { id: 'a', content: 'x', charCount: 1, source: 'Headline', sourceFragment: null },
      { id: 'b', content: 'y', charCount: 1, source: 'Body', sourceFragment: 'Body,-text' },
      { id: 'c', content: 'z', charCount: 1, source: 'Older', sourceFragment: 7 },
    ]);
    expect(posts.map((post) => post.sourceFragment)).toEqual([null, 'Body,-text', undefined]);
    expect(posts[2]).not.toHaveProperty('sourceFragment');
  });

  it('drops entries without text, and ids follow the stored position', () => {
    expect(normalizePosts([null, 42, { id: 'x' }, 'kept'])).toEqual([{ id: 'post-3', content: 'kept', charCount: 4 }]);
  });

  it('keeps an empty post a curator inserted', () => {
    expect(normalizePosts([{ id: 'post-5', content: '' }])).toEqual([{ id: 'post-5', content: '', charCount: 0 }]);
  });

  it('returns no posts for anything that is not a list', () => {
    expect(normalizePosts(undefined)).toEqual([]);
    expect(normalizePosts('a post')).toEqual([]);
    expect(normalizePosts({ 0: 'a' })).toEqual([]);
  });
});

describe('parseHallucination', () => {
  it('keeps a complete assessment', () => {
    expect(parseHallucination({ risk: 'medium', reason: 'Adds a figure', contentRatio: 0.4 })).toEqual({
      risk: 'medium',
      reason: 'Adds a figure',
      contentRatio: 0.4,
    });
  });

  it.each([
    ['missing risk', { reason: 'r', contentRatio: 1 }],
    ['unknown risk', { risk: 'severe', reason: 'r', contentRatio: 1 }],
    ['missing reason', { risk: 'low', contentRatio: 1 }],
    ['non-text reason', { risk: 'low', reason: 3, contentRatio: 1 }],
    ['missing ratio', { risk: 'low', reason: 'r' }],
    ['ratio as text', { risk: 'low', reason: 'r', contentRatio: '0.5' }],
    ['infinite ratio', { risk: 'low', reason: 'r', contentRatio: Number.POSITIVE_INFINITY }],
    ['null', null],
    ['a string', 'low'],
  ])('drops it when %s, as the thread schema would', (_, raw) => {
    expect(parseHallucination(raw)).toBeNull();
    expect(hallucinationSchema.safeParse(raw).success).toBe(false);
  });

  it('accepts every risk level the thread schema accepts, and drops extra fields', () => {
    for (const risk of HALLUCINATION_RISKS) {
      const raw = { risk, reason: 'r', contentRatio: 0, extra: true };
      expect(parseHallucination(raw)).toEqual(hallucinationSchema.parse(raw));
    }
  });
});

describe('newPostId and insertEmptyPostBeforeAttribution', () => {
  it('ids a new post post-{timestamp}', () => {
    expect(newPostId(1717000000000)).toBe('post-1717000000000');
  });

  it('inserts an empty post just before the attribution post', () => {
    const posts = insertEmptyPostBeforeAttribution(thread(), 1717000000000);
    expect(posts.map((post) => post.id)).toEqual(['post-0', 'post-1', 'post-1717000000000', 'post-2']);
    expect(posts[2]).toEqual({ id: 'post-1717000000000', content: '', charCount: 0 });
    expect(posts.at(-1)?.content).toBe(ATTRIBUTION);
  });

  it('does not change the list it was given', () => {
    const original = thread();
    insertEmptyPostBeforeAttribution(original, 1);
    expect(original).toHaveLength(3);
  });

  it('gives two posts added in the same millisecond different ids', () => {
    const once = insertEmptyPostBeforeAttribution(thread(), 500);
    const twice = insertEmptyPostBeforeAttribution(once, 500);
    const ids = twice.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('post-501');
  });

  it('adds the only post to an empty list', () => {
    expect(insertEmptyPostBeforeAttribution([], 7)).toEqual([{ id: 'post-7', content: '', charCount: 0 }]);
  });
});

describe('updatePostContent', () => {
  it('replaces the content and recounts it', () => {
    const result = updatePostContent(thread(), 1, '2/ Rewritten with a link https://example.com/long/path');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.posts[1]).toEqual({
      id: 'post-1',
      content: '2/ Rewritten with a link https://example.com/long/path',
      charCount: 25 + 23,
      // Its words are the curator's now: no longer checked against the article.
      check: { status: 'edited' },
    });
    expect(result.posts[0]?.content).toBe('1/ First point');
  });

  it('refuses the last (attribution) post with the spec text', () => {
    const posts = thread();
    const result = updatePostContent(posts, 2, 'My own text');
    expect(result).toEqual({
      ok: false,
      error: {
        title: 'Attribution Protected',
        description: 'The attribution post cannot be edited to ensure proper credit to the original author.',
      },
    });
    expect(posts[2]?.content).toBe(ATTRIBUTION);
  });

  it('throws for an index with no post', () => {
    expect(() => updatePostContent(thread(), 3, 'x')).toThrow(RangeError);
    expect(() => updatePostContent(thread(), -1, 'x')).toThrow(RangeError);
  });
});

describe('overLimitPosts', () => {
  it('lists only the posts over 280 with how far over they are, by weighted count', () => {
    const posts = [makePost('a'.repeat(280), 0), makePost('a'.repeat(281), 1), makePost('字'.repeat(145), 2)];
    expect(overLimitPosts(posts)).toEqual([
      { index: 1, id: 'post-1', over: 1 },
      { index: 2, id: 'post-2', over: 10 },
    ]);
  });

  it('counts from the content even when a stored charCount is stale', () => {
    expect(overLimitPosts([{ id: 'p', content: 'a'.repeat(300), charCount: 10 }])).toEqual([
      { index: 0, id: 'p', over: 20 },
    ]);
    expect(overLimitPosts(thread())).toEqual([]);
  });
});

describe('generatedSize', () => {
  it('sums the characters of every post', () => {
    expect(generatedSize([makePost('abc', 0), makePost('de', 1)])).toBe(5);
    expect(generatedSize([])).toBe(0);
  });
});

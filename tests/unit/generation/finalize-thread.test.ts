import { describe, expect, it } from 'vitest';
import { GenerationFailedError } from '#functions/lib/errors';
import { type DraftThread, finalizeThread, splitToFit } from '#functions/services/generation/draft/finalize-thread';
import { attributionText } from '#shared/attribution';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { seededRandom } from './synthetic-articles';
import { expectValidThread } from './thread-invariants';

const TARGET = { appHost: 'threadsnip.app', articleUrl: 'https://news.example.com/story?id=42' };
const ARTICLE = { url: TARGET.articleUrl, title: '', content: '' };

function draft(posts: string[], hook = 'A hook worth reading', hashtags = ['#news']): DraftThread {
  return { title: 'T', hook: { content: hook }, hashtags, posts: posts.map((content) => ({ content })) };
}

const words = (text: string) =>
  text
    .replace(/^\d+\/ /, '')
    .split(/\s+/)
    .filter(Boolean);

describe('finalizeThread', () => {
  it('splits an over-long post at sentence boundaries, losing no words', () => {
    const sentences = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i + 1} explains one more detail of the plan.`,
    );
    const long = sentences.join(' ');

    const posts = finalizeThread(draft([long]), TARGET);
    const body = posts.slice(1, -1);

    expect(body.length).toBeGreaterThan(1);
    for (const post of body) {
      expect(postLength(post.content)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
      expect(post.content).toMatch(/\.$/);
    }
    expect(body.flatMap((p) => words(p.content))).toEqual(words(long));
  });

  it('splits a sentence without punctuation at word boundaries and never inside a URL', () => {
    const url = 'https://example.org/a/really/long/path/that/goes/on/and/on/for/a/while?with=query&and=more#frag';
    const long = `${'word '.repeat(120)}${url} ${'more '.repeat(80)}${url} end`;

    const posts = finalizeThread(draft([long]), TARGET);
    const body = posts.slice(1, -1);

    expect(body.filter((p) => p.content.includes(url))).toHaveLength(2);
    expect(body.flatMap((p) => words(p.content))).toEqual(words(long));
    expectValidThread(posts, ARTICLE, TARGET.appHost);
  });

  it('keeps random texts with emoji, CJK and long words within the limit', () => {
    const random = seededRandom(7);
    const pieces = ['alpha', 'βήτα', '漢字テキスト', '🚀🚀', 'https://x.example/p', 'z'.repeat(400), 'end.', 'Mr.'];
    for (let run = 0; run < 40; run++) {
      const text = Array.from(
        { length: 20 + Math.floor(random() * 200) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join(' ');

      const posts = finalizeThread(draft([text, 'Second point.']), TARGET);

      expectValidThread(posts, ARTICLE, TARGET.appHost);
    }
  });

  it('renumbers posts, strips the numbering a model added and replaces its attribution with the exact one', () => {
    const posts = finalizeThread(
      draft(['3/ First point.', '(2/5) Second point.', 'Third point. 7/9', 'Thread created by someone. Read more: x']),
      TARGET,
    );

    expect(posts.map((p) => p.content)).toEqual([
      'A hook worth reading\n\n#news',
      '1/ First point.',
      '2/ Second point.',
      '3/ Third point.',
      attributionText(TARGET.appHost, TARGET.articleUrl),
    ]);
    expect(posts.map((p) => p.id)).toEqual(['post-0', 'post-1', 'post-2', 'post-3', 'post-4']);
  });

  it('caps a thread at 15 posts', () => {
    const posts = finalizeThread(draft(Array.from({ length: 30 }, (_, i) => `Point ${i + 1}.`)), TARGET);

    expect(posts).toHaveLength(15);
    expect(posts[13]?.content).toBe('13/ Point 13.');
    expectValidThread(posts, ARTICLE, TARGET.appHost);
  });

  it('drops empty posts and keeps the source of every piece of a split post', () => {
    const long = `${'A long sentence about the harbour. '.repeat(15)}`.trim();

    const posts = finalizeThread(
      {
        title: 'T',
        hook: { content: 'Hook' },
        hashtags: [],
        posts: [{ content: '  ' }, { content: long, source: 'S' }],
      },
      TARGET,
    );

    expect(posts.length).toBeGreaterThan(3);
    expect(posts.slice(1, -1).every((p) => p.source === 'S')).toBe(true);
    expect(posts[0]?.content).toBe('Hook');
  });

  it('merges hashtags from the hook text with the requested ones, at most three, without duplicates', () => {
    const posts = finalizeThread(
      draft(['Point.'], 'Big news today #Energy #heat_pumps', ['#energy', 'Climate', '#x y']),
      TARGET,
    );

    expect(posts[0]?.content).toBe('Big news today\n\n#energy #Climate #xy');
  });

  it('moves the rest of an over-long hook into the numbered posts', () => {
    const hook = Array.from({ length: 8 }, (_, i) => `Hook sentence ${i + 1} sets the scene for readers.`).join(' ');

    const posts = finalizeThread(draft(['The main point.'], hook, ['#tag']), TARGET);

    expect(posts[0]?.content).toMatch(/^Hook sentence 1 .*\n\n#tag$/s);
    expect(postLength(posts[0]?.content ?? '')).toBeLessThanOrEqual(POST_CHAR_LIMIT);
    expect(posts.at(-2)?.content).toMatch(/\/ The main point\.$/);
    expect(posts.map((p) => p.content).join(' ')).toContain('Hook sentence 8');
  });

  it('uses the first post as the hook when the hook is empty, and fails when nothing is left', () => {
    const posts = finalizeThread(draft(['Lead point.', 'Second point.'], '  '), TARGET);

    expect(posts[0]?.content).toBe('Lead point.\n\n#news');
    expect(posts[1]?.content).toBe('1/ Second point.');
    expect(() => finalizeThread(draft([], ''), TARGET)).toThrow(GenerationFailedError);
    expect(() => finalizeThread(draft([]), TARGET)).toThrow(GenerationFailedError);
  });
});

describe('splitToFit', () => {
  it('returns short text unchanged and pieces that are substrings of long text', () => {
    const text = 'One. Two is here.\n\nThree comes after a paragraph break. Four.';

    expect(splitToFit(text, 280)).toEqual([text]);
    const pieces = splitToFit(text, 25);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(text).toContain(piece);
      expect(postLength(piece)).toBeLessThanOrEqual(25);
    }
  });
});

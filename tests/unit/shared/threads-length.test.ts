import { describe, expect, it } from 'vitest';
import { postRulesFor, THREADS_TEXT_LIMIT, threadsLength } from '#shared/publishing/platform-rules';
import { reflowThread } from '#shared/publishing/reflow';

const threads = postRulesFor('threads');
const ATTRIBUTION = 'Thread created by threadsnip.app. Read original article at: https://news.example.com/harbour';

describe('Threads length: 500 characters, emoji counted as their UTF-8 bytes', () => {
  it('counts letters, accents and CJK as one character each', () => {
    expect(threadsLength('a'.repeat(500))).toBe(500);
    expect(threadsLength('Café au lait')).toBe(12);
    expect(threadsLength('港口の朝')).toBe(4);
  });

  // developers.facebook.com/docs/threads/posts: "Emojis are counted as the number of UTF-8 bytes".
  it('counts each emoji as the UTF-8 bytes it is made of', () => {
    expect(threadsLength('👍')).toBe(4);
    // U+2764 U+FE0F: three bytes each.
    expect(threadsLength('❤️')).toBe(6);
    // A flag: two regional indicators of four bytes.
    expect(threadsLength('🇫🇷')).toBe(8);
    // A family joined by zero-width joiners: three people (4 bytes each), two joiners (3 each).
    expect(threadsLength('👩‍👩‍👧')).toBe(18);
    expect(threadsLength('Boats ⛴️ at dawn 🌊')).toBe(15 + 6 + 4);
  });

  it('puts a text of 496 letters and one emoji over the limit that 496 letters and a digit keep within', () => {
    expect(threadsLength(`${'a'.repeat(496)}1`)).toBeLessThanOrEqual(THREADS_TEXT_LIMIT);
    expect(threadsLength(`${'a'.repeat(496)}👍`)).toBe(500);
    expect(threadsLength(`${'a'.repeat(497)}👍`)).toBeGreaterThan(THREADS_TEXT_LIMIT);
  });

  it('measures a text with more than 5 distinct links over any limit; a repeated link counts once', () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join(' ');
    expect(threadsLength(links(5))).toBe(links(5).length);
    expect(threadsLength(links(6))).toBe(Number.POSITIVE_INFINITY);
    expect(threadsLength(Array(8).fill('https://example.com/same').join(' '))).toBeLessThan(THREADS_TEXT_LIMIT);
  });
});

describe('re-flowing a thread to Threads', () => {
  it('merges posts while they fit 500 as Threads counts, and keeps the attribution alone and last', () => {
    const waves = `${'Waves at the harbour 🌊 rise before dawn. '.repeat(6).trim()}`;
    const posts = reflowThread({ title: 'Harbour', posts: [waves, waves, waves, ATTRIBUTION] }, threads);

    for (const post of posts) expect(threadsLength(post)).toBeLessThanOrEqual(THREADS_TEXT_LIMIT);
    // Each post measures 263 (an emoji as 4): two never fit together.
    expect(posts).toEqual([`Harbour\n\n${waves}`, waves, waves, ATTRIBUTION]);
  });

  it('splits a post with more links than Threads takes between sentences, never mid-sentence', () => {
    const sentences = Array.from({ length: 8 }, (_, i) => `Read https://news.example.com/part-${i} today.`);
    const posts = reflowThread({ title: '', posts: [sentences.join(' '), ATTRIBUTION] }, threads);

    expect(posts.slice(0, -1)).toEqual([sentences.slice(0, 5).join(' '), sentences.slice(5).join(' ')]);
    expect(posts.at(-1)).toBe(ATTRIBUTION);
  });
});

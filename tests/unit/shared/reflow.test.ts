import { describe, expect, it } from 'vitest';
import { graphemeLength, mastodonLength, postRulesFor } from '#shared/publishing/platform-rules';
import { layoutThread, reflowThread } from '#shared/publishing/reflow';
import { splitReadable } from '#shared/readable-split';

const attribution = 'Thread created by threadsnip.app. Read original article at: https://news.example.com/a';
const telegram = postRulesFor('telegram');
const tight = { limit: 60, measure: (text: string) => text.length, titleOnFirstPost: true };

describe('re-flowing a thread to a platform', () => {
  it('puts the title, a blank line and the first post first, without the old numbering', () => {
    const posts = reflowThread({ title: 'Harbour', posts: ['1/ Boats.', '2/ Bids. 2/3', attribution] }, telegram);
    expect(posts).toEqual([`Harbour\n\nBoats.\n\nBids.\n\n${attribution}`]);
  });

  it('keeps the attribution alone and last when the thread needs several posts', () => {
    const posts = reflowThread(
      { title: '', posts: ['a'.repeat(30), 'b'.repeat(25), 'c'.repeat(40), attribution] },
      tight,
    );
    expect(posts.slice(0, 2)).toEqual([`${'a'.repeat(30)}\n\n${'b'.repeat(25)}`, 'c'.repeat(40)]);
    expect(posts.slice(2).join(' ')).toBe(attribution);
  });

  it('splits a long post between words, never inside a word or a link', () => {
    const text = 'Read https://example.com/a-very-long-path-that-stays-whole today and tomorrow too';
    const pieces = splitReadable(text, { limit: 50, measure: (t: string) => t.length });
    expect(pieces.join(' ')).toBe(text);
    expect(pieces).toContain('https://example.com/a-very-long-path-that-stays-whole');
  });

  it("credits the author's own account on each platform that can mention it, where it fits", () => {
    const thread = {
      title: '',
      posts: ['Boats.', attribution],
      authorHandles: {
        twitter: '@maralind',
        fediverse: '@mara@journa.host',
        bluesky: '@mara.bsky.social',
        profiles: [],
      },
    };
    expect(reflowThread(thread, postRulesFor('twitter'))).toEqual([`Boats.\n\n${attribution}\n\nAuthor: @maralind`]);
    expect(reflowThread(thread, postRulesFor('mastodon'))).toEqual([
      `Boats.\n\n${attribution}\n\nAuthor: @mara@journa.host`,
    ]);
    expect(reflowThread(thread, postRulesFor('bluesky'))).toEqual([
      `Boats.\n\n${attribution}\n\nAuthor: @mara.bsky.social`,
    ]);
    // Platforms without a native mention, or an article naming no account there, credit in the attribution alone.
    expect(reflowThread(thread, telegram)).toEqual([`Boats.\n\n${attribution}`]);
    const xOnly = { ...thread, authorHandles: { twitter: '@maralind', profiles: [] } };
    expect(reflowThread(xOnly, postRulesFor('mastodon'))).toEqual([`Boats.\n\n${attribution}`]);
    const long = { ...thread, posts: ['Boats.', `${attribution} ${'x'.repeat(200)}`] };
    expect(reflowThread(long, postRulesFor('twitter')).at(-1)).not.toContain('@maralind');
  });

  it('measures as each platform does', () => {
    expect(mastodonLength(`see https://example.com/${'x'.repeat(100)}`)).toBe(4 + 23);
    // Mastodon counts graphemes, a remote mention without its domain, and links at the instance's weight.
    expect(mastodonLength('👩‍👩‍👧 by @alice@mastodon.social')).toBe(1 + 4 + 6);
    expect(mastodonLength('a https://example.com/x', 40)).toBe(2 + 40);
    expect(postRulesFor('mastodon', { mastodon: { maxCharacters: 1000, charactersReservedPerUrl: 30 } })).toMatchObject(
      {
        limit: 1000,
      },
    );
    expect(postRulesFor('mastodon').measure('https://example.com/path')).toBe(23);
    expect(graphemeLength('👩‍👩‍👧 é')).toBe(3);
    // X: twitter-text's weighted count, every link 23 and a CJK character 2.
    expect(postRulesFor('twitter').measure(`港 https://example.com/${'x'.repeat(100)}`)).toBe(2 + 1 + 23);
    expect(postRulesFor('twitter').limit).toBe(280);
  });

  it('keeps Discord messages within 2,000 characters, counting in UTF-16 units so Discord never counts more', () => {
    const discord = postRulesFor('discord');
    expect(discord).toMatchObject({ limit: 2000, titleOnFirstPost: true });
    expect(discord.measure('👍 ok')).toBe(5);
    const body = [1, 2, 3].map((n) => `${n}/ ${'word '.repeat(250).trim()}`);
    const messages = reflowThread({ title: 'Harbour', posts: [...body, attribution] }, discord);
    expect(messages.map((message) => message.length)).toEqual([1258, 1249, 1249, attribution.length]);
    expect(messages.at(-1)).toBe(attribution);
  });
});

describe('laying out a thread with pictures', () => {
  const wide = { limit: 500, measure: (text: string) => text.length, titleOnFirstPost: false };

  it('keeps a post with pictures apart from its neighbours, and says where each post went', () => {
    const thread = {
      title: '',
      posts: ['Boats.', 'Bids.', 'Books.', 'Bells.', attribution],
      withPictures: new Set([1]),
    };
    expect(layoutThread(thread, wide)).toEqual([
      { text: 'Boats.', starts: [0] },
      { text: 'Bids.', starts: [1] },
      { text: 'Books.\n\nBells.', starts: [2, 3] },
      { text: attribution, starts: [4] },
    ]);
    // Without pictures the same thread is merged as before.
    expect(layoutThread({ ...thread, withPictures: undefined }, wide)).toEqual([
      { text: `Boats.\n\nBids.\n\nBooks.\n\nBells.\n\n${attribution}`, starts: [0, 1, 2, 3, 4] },
    ]);
  });

  it("puts a split post's pictures on its first part, and every post on a composed platform's one post", () => {
    const split = layoutThread(
      { title: '', posts: ['word '.repeat(20), attribution], withPictures: new Set([0]) },
      tight,
    );
    const attributionAt = split.findIndex((post) => post.starts.includes(1));
    expect(attributionAt).toBeGreaterThan(1);
    expect(split.slice(0, attributionAt).map((post) => post.starts)).toEqual([
      [0],
      ...Array(attributionAt - 1).fill([]),
    ]);
    const linkedin = postRulesFor('linkedin');
    expect(layoutThread({ title: 'Harbour', posts: ['Boats.', attribution] }, linkedin)).toEqual([
      { text: expect.any(String), starts: [0, 1] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import { postRulesFor, postRulesOfConnection } from '#shared/publishing/platform-rules';
import type { Post } from '#shared/schemas/thread';

const SOURCE = 'https://news.example.com/harbour';
const attribution = `Thread created by threadsnip.app. Read original article at: ${SOURCE}`;
const post = (index: number, content: string, pictured = false): Post =>
  ({
    id: `post-${index}`,
    content,
    charCount: content.length,
    ...(pictured ? { media: [{ key: `m${index}`, alt: 'A boat', contentType: 'image/png' }] } : {}),
  }) as Post;
const thread = (posts: Post[]) => ({ title: 'Harbour', posts, sourceUrl: SOURCE, author: null });

describe('a thread laid out for one platform', () => {
  it('places the link as chosen: in the first post as well on Mastodon, the credit only on X', () => {
    const posts = [post(0, 'Boats sell at dawn.'), post(1, 'Bids are shouted.'), post(2, attribution)];
    const mastodon = layoutForPlatform(thread(posts), 'mastodon', 'first-post-and-credit', postRulesFor('mastodon'));
    // Mastodon joins what fits; the whole thread in one status already carries the credit's link once.
    expect(mastodon).toEqual([
      { text: `Harbour\n\nBoats sell at dawn.\n\nBids are shouted.\n\n${attribution}`, starts: [0, 1, 2] },
    ]);
    const linkedin = layoutForPlatform(thread(posts), 'linkedin', 'first-comment', postRulesFor('linkedin'));
    expect(linkedin).toHaveLength(1);
    expect(linkedin[0]!.text).not.toContain(SOURCE);
    expect(linkedin[0]!.starts).toEqual([0, 1, 2]);
  });

  it('keeps a pictured post a post of its own, so its picture goes with its words', () => {
    const posts = [post(0, 'Boats sell at dawn.'), post(1, 'The quay at five.', true), post(2, attribution)];
    const laidOut = layoutForPlatform(thread(posts), 'mastodon', 'credit-post', postRulesFor('mastodon'));
    expect(laidOut.map((each) => each.starts)).toEqual([[0], [1], [2]]);
  });

  it('measures Mastodon by the instance limits its connection stored, else Mastodon’s default', () => {
    const long = 'word '.repeat(92).trim();
    const posts = [post(0, long), post(1, long), post(2, attribution)];
    const stored = postRulesOfConnection('mastodon', { maxCharacters: 1000, charactersReservedPerUrl: 23 });
    expect(layoutForPlatform(thread(posts), 'mastodon', 'credit-post', stored)[0]!.starts).toEqual([0, 1]);
    const fallback = postRulesOfConnection('mastodon', { instance: 'mastodon.social' });
    expect(layoutForPlatform(thread(posts), 'mastodon', 'credit-post', fallback)[0]!.starts).toEqual([0]);
    expect(postRulesOfConnection('twitter', { maxCharacters: 1000 }).limit).toBe(postRulesFor('twitter').limit);
  });
});

import { describe, expect, it } from 'vitest';
import { altTextRequired, imagesLeftOut } from '#shared/messages/media';
import { altTextBlockers, platformMediaPlan } from '#shared/publishing/media-check';
import type { PostMedia } from '#shared/schemas/media';

const image = (id: string, alt = ''): PostMedia => ({
  id,
  kind: 'upload',
  mimeType: 'image/png',
  width: 800,
  height: 600,
  alt,
  altSource: alt ? 'curator' : null,
  credit: null,
});

const posts = [
  { media: [image('image-0001', 'A chart'), image('image-0002', 'A map')] },
  {},
  { media: [image('image-0003', 'A river'), image('image-0004')] },
  { media: [] },
];

describe('platformMediaPlan', () => {
  it('lists each post with pictures, numbered as the curator sees them, with what the platform carries', () => {
    expect(platformMediaPlan(posts, 'bluesky')).toEqual([
      { postNumber: 1, carried: posts[0]?.media, leftOut: 0, limit: 4, missingAlt: false },
      { postNumber: 3, carried: posts[2]?.media, leftOut: 0, limit: 4, missingAlt: true },
    ]);
  });

  it('caps each post at the platform’s maxPerPost and counts the pictures left out', () => {
    // Mastodon carries 4 a post; Reddit none (its API documents no image upload: the link post as before).
    const carriedOf = (platform: 'mastodon' | 'reddit') =>
      platformMediaPlan(posts, platform).map(({ postNumber, carried, leftOut }) => [
        postNumber,
        carried.map((item) => item.id),
        leftOut,
      ]);
    expect(carriedOf('mastodon')).toEqual([
      [1, ['image-0001', 'image-0002'], 0],
      [3, ['image-0003', 'image-0004'], 0],
    ]);
    expect(carriedOf('reddit')).toEqual([
      [1, [], 2],
      [3, [], 2],
    ]);
  });

  it('never finds alt text missing where the platform has no alt field, nor on a picture it leaves out', () => {
    expect(platformMediaPlan(posts, 'telegram').some((plan) => plan.missingAlt)).toBe(false);
    // Reddit carries no picture (and has no alt field).
    expect(platformMediaPlan(posts, 'reddit').some((plan) => plan.missingAlt)).toBe(false);
  });

  it('has nothing to say about a text-only thread', () => {
    expect(platformMediaPlan([{}, { media: [] }], 'twitter')).toEqual([]);
  });
});

describe('altTextBlockers', () => {
  it('names the platforms that show alt text and the posts whose pictures lack it', () => {
    expect(altTextBlockers(posts, ['twitter', 'telegram', 'mastodon'])).toEqual([
      { platform: 'twitter', postNumbers: [3] },
      { platform: 'mastodon', postNumbers: [3] },
    ]);
  });

  it('counts whitespace-only alt text as missing', () => {
    expect(altTextBlockers([{ media: [image('image-0005', '  ')] }], ['discord'])).toEqual([
      { platform: 'discord', postNumbers: [1] },
    ]);
  });

  it('lets every platform through once each picture is described', () => {
    const described = posts.map((post) => ({
      media: post.media?.map((item) => ({ ...item, alt: item.alt || 'Described' })),
    }));
    expect(altTextBlockers(described, ['twitter', 'bluesky', 'linkedin'])).toEqual([]);
  });
});

describe('the publishing messages about pictures', () => {
  it('names the posts and platforms in a sentence', () => {
    expect(altTextRequired([3], ['Bluesky'])).toBe(
      'Post 3 has an image without alt text, which Bluesky shows. Write it on the thread before publishing.',
    );
    expect(altTextRequired([1, 2, 4], ['Twitter/X', 'Mastodon'])).toBe(
      'Posts 1, 2 and 4 have an image without alt text, which Twitter/X and Mastodon show. Write it on the thread before publishing.',
    );
    expect(imagesLeftOut(2, 1, 1)).toBe("Post 2: 1 image won't be posted (1 per post here).");
  });
});

describe("Facebook's comments", () => {
  it('carry one picture each after the Page post, which carries up to 4', () => {
    const pictured = [
      { media: [image('fb-000001', 'One'), image('fb-000002', 'Two')] },
      { media: [image('fb-000003', 'Three'), image('fb-000004', 'Four')] },
    ];
    expect(
      platformMediaPlan(pictured, 'facebook').map(({ carried, leftOut, limit }) => [carried.length, leftOut, limit]),
    ).toEqual([
      [2, 0, 4],
      [1, 1, 1],
    ]);
  });
});

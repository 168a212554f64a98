import { describe, expect, it } from 'vitest';
import {
  CREDIT_REACH_EXPLANATION,
  creditReachOf,
  engagementReadsAllowed,
  linkClicksOf,
  postEngagement,
  readingEngagement,
} from '#shared/insights/engagement';
import type { PostFigures } from '#shared/schemas/insights';

const post = (position: number, metrics: PostFigures['metrics'], deleted = false): PostFigures => ({
  position,
  remoteId: `p${position}`,
  deleted,
  metrics,
});

describe('engagement', () => {
  it('sums the interactions a post reports, leaving out views, impressions and link clicks', () => {
    expect(
      postEngagement(post(0, { likes: 4, reposts: 2, replies: 1, views: 900, impressions: 1200, linkClicks: 7 })),
    ).toBe(7);
    expect(postEngagement(post(0, { score: 12, comments: 3 }))).toBe(15);
  });

  it('is not reported (null, never 0) when a post reports no interaction or is gone', () => {
    expect(postEngagement(post(0, { views: 50 }))).toBeNull();
    expect(postEngagement(post(0, {}))).toBeNull();
    expect(postEngagement(post(0, { likes: 3 }, true))).toBeNull();
    expect(postEngagement(post(0, { likes: 0 }))).toBe(0);
  });

  it('sums a reading over the posts that report, null when none does', () => {
    expect(readingEngagement([post(0, { likes: 3 }), post(1, {}), post(2, { likes: 1, replies: 1 })])).toBe(5);
    expect(readingEngagement([post(0, {}), post(1, { views: 3 })])).toBeNull();
    expect(readingEngagement([])).toBeNull();
  });
});

describe('credit reach', () => {
  it('is the attribution post’s engagement over the first post’s, whatever order the posts come in', () => {
    const reach = creditReachOf({
      posts: [post(2, { likes: 3, reposts: 1, linkClicks: 9 }), post(0, { likes: 16 }), post(1, { likes: 10 })],
    });

    expect(reach).toEqual({ share: 0.25, attributionEngagement: 4, firstPostEngagement: 16, sourceClicks: 9 });
  });

  it('has no share when either end is not reported or the first post has no engagement', () => {
    expect(creditReachOf({ posts: [post(0, { views: 10 }), post(1, { likes: 2 })] })).toMatchObject({
      share: null,
      firstPostEngagement: null,
      attributionEngagement: 2,
    });
    expect(creditReachOf({ posts: [post(0, { likes: 0 }), post(1, { likes: 2 })] })?.share).toBeNull();
    expect(creditReachOf({ posts: [post(0, { likes: 5 }), post(1, { likes: 2 }, true)] })).toEqual({
      share: null,
      attributionEngagement: null,
      firstPostEngagement: 5,
      sourceClicks: null,
    });
  });

  it('has no separate credit on a one-post thread (LinkedIn), and says in one sentence what it measures', () => {
    expect(creditReachOf({ posts: [post(0, { likes: 5 })] })).toBeNull();
    expect(creditReachOf({ posts: [] })).toBeNull();
    expect(CREDIT_REACH_EXPLANATION.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBe(1);
  });
});

describe('link clicks of a reading', () => {
  it('adds the clicks every remaining post reports (the first post may carry the link too), null when none does', () => {
    expect(
      linkClicksOf([post(0, { likes: 3, linkClicks: 4 }), post(1, { linkClicks: 9 }), post(2, { likes: 1 })]),
    ).toBe(13);
    expect(linkClicksOf([post(0, { linkClicks: 0 })])).toBe(0);
    expect(linkClicksOf([post(0, { likes: 3 }), post(1, { linkClicks: 5 }, true)])).toBeNull();
  });
});

describe('X engagement reads', () => {
  it('are off for X until the connection turns them on; other platforms are always read', () => {
    expect(engagementReadsAllowed('twitter', {})).toBe(false);
    expect(engagementReadsAllowed('twitter', { engagementReads: false })).toBe(false);
    expect(engagementReadsAllowed('twitter', { engagementReads: true })).toBe(true);
    expect(engagementReadsAllowed('mastodon', {})).toBe(true);
  });
});

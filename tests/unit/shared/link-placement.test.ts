import { describe, expect, it } from 'vitest';
import { linkPlacementExplanation, xLinkPriceNote } from '#shared/messages/publishing';
import { PLATFORM_DISPLAY_NAMES } from '#shared/platforms';
import {
  allowedLinkPlacements,
  chosenLinkPlacements,
  defaultLinkPlacement,
  firstCommentOf,
  isLinkPlacementAllowed,
  linkedinAdministeredPages,
  linkedinAuthorKind,
  linkedinPageName,
  linkPlacementFor,
  placedThreadText,
  X_POST_PRICE_USD,
  xPostingCostUsd,
} from '#shared/publishing/link-placement';
import { linkedinPost } from '#shared/publishing/linkedin-format';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { reflowThread } from '#shared/publishing/reflow';
import { linkedinIdentityRequestSchema, publishRequestSchema } from '#shared/schemas/publishing';
import { PLATFORMS } from '#shared/schemas/thread';

const source = 'https://news.example.com/harbour';
const attribution = `Thread created by threadsnip.app. Read original article at: ${source}`;
const organization = { personUrn: 'urn:li:person:abc', organizationUrn: 'urn:li:organization:2414183' };

describe('who a LinkedIn connection posts as', () => {
  it('reads the pages listed at connection, skipping anything that is not an organisation', () => {
    const data = {
      administeredPages: [
        { urn: 'urn:li:organization:2414183', name: 'Harbour Press' },
        { urn: 'urn:li:organization:77' },
        { urn: 'urn:li:person:abc', name: 'Not a page' },
        'urn:li:organization:1',
      ],
    };
    expect(linkedinAdministeredPages(data)).toEqual([
      { urn: 'urn:li:organization:2414183', name: 'Harbour Press' },
      { urn: 'urn:li:organization:77', name: 'urn:li:organization:77' },
    ]);
    expect(linkedinAdministeredPages({ personUrn: 'urn:li:person:abc' })).toEqual([]);
  });

  it('names the page only while the connection posts as it', () => {
    expect(linkedinPageName({ ...organization, organizationName: 'Harbour Press' })).toBe('Harbour Press');
    expect(linkedinPageName({ organizationUrn: null, organizationName: null })).toBeNull();
    expect(linkedinPageName({ personUrn: 'urn:li:person:abc' })).toBeNull();
  });

  it('takes an organisation URN or null as the choice, and nothing else', () => {
    expect(linkedinIdentityRequestSchema.parse({ organizationUrn: 'urn:li:organization:2414183' })).toEqual({
      organizationUrn: 'urn:li:organization:2414183',
    });
    expect(linkedinIdentityRequestSchema.parse({ organizationUrn: null })).toEqual({ organizationUrn: null });
    expect(linkedinIdentityRequestSchema.safeParse({ organizationUrn: 'urn:li:person:abc' }).success).toBe(false);
    expect(linkedinIdentityRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('link placement defaults', () => {
  it('keeps the link out of the hook on X and puts a card on the first Bluesky post', () => {
    expect(defaultLinkPlacement('twitter')).toBe('credit-post');
    expect(defaultLinkPlacement('bluesky')).toBe('first-post-and-credit');
  });

  it("puts the link in a LinkedIn profile's post and in an organisation page's first comment", () => {
    expect(linkedinAuthorKind({ personUrn: 'urn:li:person:abc' })).toBe('person');
    expect(linkedinAuthorKind(organization)).toBe('organization');
    expect(defaultLinkPlacement('linkedin', { personUrn: 'urn:li:person:abc' })).toBe('in-post');
    expect(defaultLinkPlacement('linkedin', organization)).toBe('first-comment');
  });

  it('gives every platform a default it allows, Reddit its one self-post', () => {
    for (const platform of PLATFORMS)
      expect(isLinkPlacementAllowed(platform, defaultLinkPlacement(platform))).toBe(true);
    expect(allowedLinkPlacements('reddit')).toEqual(['in-post']);
  });

  it('sends only the placements chosen for the platforms being published to', () => {
    const chosen = { bluesky: 'credit-post', reddit: 'in-post' } as const;
    expect(chosenLinkPlacements(['bluesky', 'twitter'], chosen)).toEqual({ bluesky: 'credit-post' });
    expect(chosenLinkPlacements(['twitter'], chosen)).toBeUndefined();
  });

  it("uses the thread's choice for a platform, and the default where it made none", () => {
    const chosen = { bluesky: 'credit-post', linkedin: 'in-post' } as const;
    expect(linkPlacementFor('bluesky', chosen)).toBe('credit-post');
    expect(linkPlacementFor('linkedin', chosen, organization)).toBe('in-post');
    expect(linkPlacementFor('twitter', chosen)).toBe('credit-post');
    expect(linkPlacementFor('linkedin', undefined, organization)).toBe('first-comment');
  });
});

describe('a placement in the formatted thread', () => {
  const thread = { title: 'Harbour', posts: ['1/ Boats left.', '2/ Bids rose.', attribution], sourceUrl: source };

  it('adds the link to the end of the first post on X when chosen, the attribution unchanged', () => {
    const placed = { ...thread, ...placedThreadText('twitter', 'first-post-and-credit', source) };
    const posts = reflowThread(
      { ...placed, posts: ['1/ Boats left.', `2/ ${'Bids rose. '.repeat(30)}`, attribution] },
      postRulesFor('twitter'),
    );
    expect(posts[0]).toBe(`Harbour\n\nBoats left.\n\n${source}`);
    expect(posts.at(-1)).toBe(attribution);
  });

  it('adds no second link when the whole thread fits in one post with its attribution', () => {
    const posts = reflowThread(
      { ...thread, ...placedThreadText('twitter', 'first-post-and-credit', source) },
      postRulesFor('twitter'),
    );
    expect(posts).toEqual([`Harbour\n\nBoats left.\n\nBids rose.\n\n${attribution}`]);
  });

  it('leaves the text as it is for the credit post and for a Bluesky card', () => {
    expect(placedThreadText('twitter', 'credit-post', source)).toEqual({});
    expect(placedThreadText('bluesky', 'first-post-and-credit', source)).toEqual({});
  });

  it('posts a LinkedIn page without the link and the attribution, word for word, as its first comment', () => {
    const placed = placedThreadText('linkedin', 'first-comment', source);
    const post = linkedinPost({ ...thread, author: 'Mara Lind', ...placed });
    expect(post).toBe('Harbour\n\nBoats left.\n\nBids rose.\n\nOriginal article by Mara Lind.');
    expect(post).not.toContain(source);
    expect(firstCommentOf('first-comment', thread.posts)).toBe(attribution);
    expect(firstCommentOf('in-post', thread.posts)).toBeNull();
  });
});

describe('the override on a publish request', () => {
  it('takes a placement the platform allows', () => {
    const request = publishRequestSchema.parse({
      platforms: ['linkedin'],
      linkPlacements: { linkedin: 'first-comment' },
    });
    expect(request.linkPlacements).toEqual({ linkedin: 'first-comment' });
  });

  it('refuses one the platform does not allow, naming the ones it does', () => {
    const result = publishRequestSchema.safeParse({
      platforms: ['reddit'],
      linkPlacements: { reddit: 'first-comment' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['linkPlacements', 'reddit']);
    expect(result.error?.issues[0]?.message).toBe(
      "Reddit cannot take the link placement 'first-comment'; choose 'in-post' (link in the post).",
    );
  });

  it('refuses a placement that does not exist', () => {
    expect(
      publishRequestSchema.safeParse({ platforms: ['twitter'], linkPlacements: { twitter: 'hook' } }).success,
    ).toBe(false);
  });
});

describe('what the share step says', () => {
  it('prices an X thread at $0.200 per post with a link and $0.015 per post without', () => {
    expect(xPostingCostUsd(['Hook', 'Body', attribution])).toBe(0.23);
    expect(xLinkPriceNote(X_POST_PRICE_USD, 0.23)).toBe(
      "X's API charges $0.200 for a post with a link against $0.015 without one: this thread costs $0.230 to post.",
    );
  });

  it('explains every allowed placement in one sentence', () => {
    for (const platform of PLATFORMS)
      for (const placement of allowedLinkPlacements(platform)) {
        const sentence = linkPlacementExplanation(platform, placement, PLATFORM_DISPLAY_NAMES[platform]);
        expect(sentence).toMatch(/^[A-Z].*\.$/);
        expect(sentence.slice(0, -1)).not.toMatch(/[.!?]\s/);
      }
  });
});

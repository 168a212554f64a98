import { describe, expect, it } from 'vitest';
import {
  blueskyPostUrl,
  checkedFacets,
  type Did,
  type HandleResolver,
  richPost,
} from '#functions/services/platforms/bluesky-rich-text';
import { retryAfterSeconds } from '#functions/services/platforms/platform-adapter';
import { blueskyLength, postRulesFor } from '#shared/publishing/platform-rules';
import { reflowThread } from '#shared/publishing/reflow';
import { blueskyConnectRequestSchema } from '#shared/schemas/publishing';

// No handle resolves through this one, as when the PDS cannot be reached.
const unresolving: HandleResolver = async () => null;
/** Resolves the handles given (lowercase), recording each lookup. */
function resolverOf(dids: Record<string, Did>): HandleResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (handle: string) => {
    asked.push(handle);
    return dids[handle] ?? null;
  };
  return Object.assign(resolve, { asked });
}
const utf8 = new TextEncoder();
const link = (byteStart: number, byteEnd: number, uri: `${string}:${string}` = 'https://example.com') => ({
  index: { byteStart, byteEnd },
  features: [{ $type: 'app.bsky.richtext.facet#link' as const, uri }],
});

describe('Bluesky rich text', () => {
  it('marks links at UTF-8 byte offsets, not string indexes', async () => {
    const url = 'https://example.com/café-menu';
    const text = `Café ☕ and 👩‍👩‍👧 at Malmö: ${url} today`;
    const post = await richPost(text, unresolving);
    const start = text.indexOf(url);
    const byteStart = utf8.encode(text.slice(0, start)).byteLength;
    expect(byteStart).toBeGreaterThan(start);
    expect(post.facets).toEqual([link(byteStart, byteStart + utf8.encode(url).byteLength, url)]);
  });

  it('leaves out mentions whose handle did not resolve (the PDS refuses an empty DID)', async () => {
    const post = await richPost('Written by @nobody.example.org, see https://example.com/a', unresolving);
    expect(post.facets.map((facet) => facet.features[0]?.$type)).toEqual(['app.bsky.richtext.facet#link']);
  });

  it('drops facets past the end of the text, empty or overlapping ones', () => {
    const text = 'Read https://example.com now';
    const valid = link(5, 24);
    expect(checkedFacets(text, [valid])).toEqual([valid]);
    expect(checkedFacets(text, [link(5, 40)])).toEqual([]);
    expect(checkedFacets(text, [link(7, 7)])).toEqual([]);
    expect(checkedFacets(text, [valid, link(10, 20)])).toEqual([valid]);
    expect(checkedFacets(text, undefined)).toEqual([]);
  });

  it('refuses a post over 300 graphemes before calling Bluesky', async () => {
    await expect(richPost('é'.repeat(301), unresolving)).rejects.toThrow(
      'A post is 301 characters long; Bluesky allows 300',
    );
    await expect(richPost('👩‍👩‍👧'.repeat(150), unresolving)).resolves.toMatchObject({ facets: [] });
  });

  it('links a post on bsky.app by handle and record key', () => {
    expect(blueskyPostUrl('alice.test', 'at://did:plc:abc/app.bsky.feed.post/3kabc2def')).toBe(
      'https://bsky.app/profile/alice.test/post/3kabc2def',
    );
  });
});

/** Each facet as the text it covers and what it carries (a link's URI, a tag, a mention's DID). */
async function marked(text: string, resolve: HandleResolver = unresolving) {
  const { facets } = await richPost(text, resolve);
  const bytes = utf8.encode(text);
  return facets.map(({ index, features: [feature] }) => [
    new TextDecoder().decode(bytes.slice(index.byteStart, index.byteEnd)),
    feature && ('uri' in feature ? feature.uri : 'tag' in feature ? `#${feature.tag}` : feature.did),
  ]);
}

describe('Bluesky facet detection', () => {
  it('marks mentions whose handle resolves, asking once per handle, in lowercase', async () => {
    const resolver = resolverOf({ 'ada.test': 'did:plc:ada', 'bob.bsky.social': 'did:plc:bob' });

    const facets = await marked(
      'By @Ada.test and (@bob.bsky.social), thanks @ada.test! Not @carol.bsky.social.',
      resolver,
    );

    expect(facets).toEqual([
      ['@Ada.test', 'did:plc:ada'],
      ['@bob.bsky.social', 'did:plc:bob'],
      ['@ada.test', 'did:plc:ada'],
    ]);
    expect(resolver.asked.sort()).toEqual(['ada.test', 'bob.bsky.social', 'carol.bsky.social']);
  });

  it('asks only about valid handles, never an email address or a word glued to the mention', async () => {
    const resolver = resolverOf({ 'ada.test': 'did:plc:ada' });

    const facets = await marked(
      'mail ada@ada.test, @ada, @-ada.test, @ada.notatld, @ada.test_x, @ada.test@b.test, @ada..test',
      resolver,
    );

    expect(facets).toEqual([]);
    expect(resolver.asked).toEqual([]);
  });

  it('leaves out a mention whose lookup fails', async () => {
    const failing: HandleResolver = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await marked('Thanks @ada.test', failing)).toEqual([]);
  });

  it('marks tags, not numbers, keycaps or words with a # inside, ending at punctuation or a zero-width space', async () => {
    const facets = await marked('#Harbour news: #2024 #1st #fika! #️⃣ C# word#not #tag’s (#no) #Malmö. #kaffe\u200Bpaus');

    expect(facets).toEqual([
      ['#Harbour', '#Harbour'],
      ['#1st', '#1st'],
      ['#fika', '#fika'],
      ['#tag’s', '#tag’s'],
      ['#Malmö', '#Malmö'],
      ['#kaffe', '#kaffe'],
    ]);
  });

  it('marks tags of up to 64 characters', async () => {
    const longest = `#${'a'.repeat(64)}`;
    expect(await marked(`${longest} #${'b'.repeat(65)}`)).toEqual([[longest, longest]]);
  });

  it('links bare domains on known top-level domains, given https://', async () => {
    const facets = await marked(
      'See threadsnip.app, news.example.com/harbour?day=1 and my-site.org. Not node.js, e.g. or ada@example.com.',
    );

    expect(facets).toEqual([
      ['threadsnip.app', 'https://threadsnip.app'],
      ['news.example.com/harbour?day=1', 'https://news.example.com/harbour?day=1'],
      ['my-site.org', 'https://my-site.org'],
    ]);
  });

  it('leaves trailing punctuation and an unopened parenthesis out of links, keeping balanced ones', async () => {
    const facets = await marked(
      'Really https://example.com/a?! (see https://en.wikipedia.org/wiki/Fika_(custom)). Also (https://example.com/b).',
    );

    expect(facets).toEqual([
      ['https://example.com/a', 'https://example.com/a'],
      ['https://en.wikipedia.org/wiki/Fika_(custom)', 'https://en.wikipedia.org/wiki/Fika_(custom)'],
      ['https://example.com/b', 'https://example.com/b'],
    ]);
  });

  it('counts every facet in UTF-8 bytes after emoji and accents', async () => {
    const text = '🌊 Malmö 👩‍👩‍👧 #fika with @ada.test at fika.example.com';

    const { facets } = await richPost(text, resolverOf({ 'ada.test': 'did:plc:ada' }));

    expect(facets.map((facet) => facet.index)).toEqual(
      ['#fika', '@ada.test', 'fika.example.com'].map((part) => {
        const byteStart = utf8.encode(text.slice(0, text.indexOf(part))).byteLength;
        return { byteStart, byteEnd: byteStart + utf8.encode(part).byteLength };
      }),
    );
    expect(facets.map((facet) => facet.features[0]?.$type)).toEqual([
      'app.bsky.richtext.facet#tag',
      'app.bsky.richtext.facet#mention',
      'app.bsky.richtext.facet#link',
    ]);
  });
});

describe('Bluesky post rules', () => {
  it('counts graphemes, and bytes against the 3,000-byte cap', () => {
    expect(blueskyLength('a'.repeat(300))).toBe(300);
    expect(blueskyLength('👩‍👩‍👧'.repeat(10))).toBe(18);
    // 200 family emoji are 200 graphemes but 3,600 bytes.
    expect(blueskyLength('👩‍👩‍👧'.repeat(200))).toBe(360);
  });

  it('re-flows a thread into posts within 300 graphemes and 3,000 bytes, the attribution last', () => {
    const attribution = 'Thread created by threadsnip.app. Read original article at: https://news.example.com/a';
    const long = `${'Les bateaux rentrent à Malmö 🌊 avant l’aube. '.repeat(12)}`.trim();
    const posts = reflowThread(
      { title: 'Harbour', posts: [`1/ ${long}`, `2/ ${'🐟 '.repeat(250).trim()}`, attribution] },
      postRulesFor('bluesky'),
    );
    expect(posts.at(-1)).toBe(attribution);
    for (const post of posts) {
      expect([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(post)].length).toBeLessThanOrEqual(300);
      expect(utf8.encode(post).byteLength).toBeLessThanOrEqual(3000);
    }
    expect(posts.length).toBeGreaterThan(3);
  });
});

describe('Bluesky connect request', () => {
  it("requires an app password ('App Password Required') and takes the handle with or without @", () => {
    const missing = blueskyConnectRequestSchema.safeParse({ handle: 'alice.bsky.social', appPassword: ' ' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['App Password Required']);
    expect(
      blueskyConnectRequestSchema.parse({ handle: ' @alice.bsky.social ', appPassword: 'abcd-efgh-ijkl-mnop' }),
    ).toEqual({ handle: 'alice.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' });
    expect(blueskyConnectRequestSchema.safeParse({ handle: '@', appPassword: 'x' }).error?.issues[0]?.message).toBe(
      'Please enter your Bluesky handle',
    );
  });
});

describe('rate-limit waits', () => {
  it("reads Bluesky's ratelimit-reset epoch", () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const headers = new Headers({ 'ratelimit-reset': String(now.getTime() / 1000 + 120) });
    expect(retryAfterSeconds(headers, now)).toBe(120);
  });
});

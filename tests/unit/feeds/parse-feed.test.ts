import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newestUniqueEntries, uniqueEntries } from '#functions/services/feeds/feed/dedupe';
import { closeCutFeed, FeedParseError, parseFeedDocument, summarise } from '#functions/services/feeds/feed/parse-feed';
import { clipText } from '#functions/services/text/clip-text';
import { FEED_LIMITS } from '#shared/schemas/feeds';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

describe('feed parsing', () => {
  it('reads an RSS 2.0 feed: title, site, guids, links resolved against the site, plain summaries', () => {
    const feed = parseFeedDocument(fixture('rss2.xml'), 'https://harbour.example/rss.xml');
    expect(feed).toMatchObject({ format: 'rss', title: 'Harbour Notes', siteUrl: 'https://harbour.example/' });
    expect(feed.entries).toEqual([
      {
        guid: 'harbour-42',
        link: 'https://harbour.example/posts/tides',
        title: 'Tides are changing & so are we',
        summary: 'The spring tides arrive early this year.',
        publishedAt: '2026-03-03T09:15:00.000Z',
      },
      {
        guid: null,
        link: 'https://harbour.example/posts/no-guid#comments',
        title: 'No guid here',
        summary: 'Plain text summary.',
        publishedAt: '2026-03-02T08:00:00.000Z',
      },
    ]);
  });

  it('reads an Atom 1.0 feed: the alternate link, the id as guid, published before updated', () => {
    const feed = parseFeedDocument(fixture('atom.xml'), 'https://lighthouse.example/atom.xml');
    expect(feed).toMatchObject({ format: 'atom', title: 'Lighthouse Log', siteUrl: 'https://lighthouse.example/' });
    expect(feed.entries).toEqual([
      {
        guid: 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a',
        link: 'https://lighthouse.example/lamp',
        title: 'The lamp was relit',
        summary: 'After forty years the lamp shines again.',
        publishedAt: '2026-03-04T09:30:00.000Z',
      },
    ]);
  });

  it('reads a JSON Feed 1.1: dates in UTC, an unreadable date left out', () => {
    const feed = parseFeedDocument(fixture('json-feed.json'), 'https://quay.example/feed.json');
    expect(feed).toMatchObject({ format: 'json', title: 'Quay Daily', siteUrl: 'https://quay.example/' });
    expect(feed.entries[0]).toEqual({
      guid: 'quay-7',
      link: 'https://quay.example/7',
      title: 'Cranes over the quay',
      summary: 'Three new cranes went up overnight.',
      publishedAt: '2026-03-05T06:00:00.000Z',
    });
    expect(feed.entries[1]).toMatchObject({ guid: 'quay-6', title: '', publishedAt: null });
  });

  it("refuses a broken feed and a document that is no feed, with the parser's reason", () => {
    expect(() => parseFeedDocument(fixture('broken.xml'), 'https://x.example/')).toThrow(FeedParseError);
    expect(() => parseFeedDocument(fixture('not-a-feed.xml'), 'https://x.example/')).toThrow(
      /^The feed could not be read: .+\.$/,
    );
    expect(() => parseFeedDocument('{"version": 3', 'https://x.example/')).toThrow(FeedParseError);
  });

  it('closes a feed cut at the byte cap after its last whole entry, keeping those entries', () => {
    const rss = fixture('rss2.xml');
    const cut = rss.slice(0, rss.indexOf('<title>No guid here'));
    const closed = closeCutFeed(cut);
    expect(closed).not.toBeNull();
    expect(parseFeedDocument(closed ?? '', 'https://harbour.example/rss.xml').entries.map((e) => e.guid)).toEqual([
      'harbour-42',
    ]);
    const atom = fixture('atom.xml');
    expect(closeCutFeed(atom.slice(0, atom.indexOf('</feed>')))?.endsWith('</entry></feed>')).toBe(true);
    expect(closeCutFeed('{"items": [')).toBeNull();
  });

  it('summarises to at most 280 characters, on a word boundary', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const summary = summarise(long);
    expect(summary.length).toBeLessThanOrEqual(280);
    expect(summary.endsWith('word…')).toBe(true);
    expect(summarise('Fish &#38; chips &#x2014; &unknown;')).toBe('Fish & chips — &unknown;');
  });

  it('resolves Atom links against xml:base on the feed and the entry, then the document', () => {
    const feed = parseFeedDocument(fixture('xml-base-atom.xml'), 'https://feeds.host.example/based.xml');
    expect(feed.siteUrl).toBe('http://example.org/');
    expect(feed.entries.map((entry) => entry.link)).toEqual([
      'http://example.org/entry/3',
      'http://example.org/blog/4.html',
      'https://other.example/archive/five',
    ]);
    const unbased = parseFeedDocument(fixture('no-base-atom.xml'), 'https://feeds.example/atom/all.xml');
    expect(unbased.entries[0]?.link).toBe('https://feeds.example/atom/posts/1');
  });

  it("takes an RSS item's permalink guid as its link (isPermaLink true, or left out on an absolute URL)", () => {
    const feed = parseFeedDocument(fixture('guid-permalinks.xml'), 'https://podcast.example/rss');
    expect(feed.entries.map((entry) => [entry.title, entry.link])).toEqual([
      ['Episode 3', 'https://podcast.example/episodes/3'],
      ['Episode 2', 'https://podcast.example/episodes/2'],
      ['Episode 1, relative permalink', 'https://podcast.example/episodes/1'],
      ['Not a permalink', null],
      ['Defaulted but not a URL', null],
    ]);
    expect(uniqueEntries(feed.entries).map((entry) => entry.title)).toEqual([
      'Episode 3',
      'Episode 2',
      'Episode 1, relative permalink',
    ]);
  });

  it('keeps guid-less items whose links differ only by their #anchor', () => {
    const feed = parseFeedDocument(fixture('anchors.xml'), 'https://changes.example/rss');
    const unique = uniqueEntries(feed.entries);
    expect(unique.map((entry) => entry.link)).toEqual([
      'https://changes.example/changelog#v1.2',
      'https://changes.example/changelog#v1.1',
      'https://changes.example/changelog#v1.0',
    ]);
    expect(new Set(unique.map((entry) => entry.entryId)).size).toBe(3);
  });

  it('reads a JSON Feed whose version is the bare "1.1"', () => {
    const feed = parseFeedDocument(fixture('json-feed-bare-version.json'), 'https://bare.example/feed.json');
    expect(feed).toMatchObject({ format: 'json', title: 'Bare Version', siteUrl: 'https://bare.example/' });
    expect(feed.entries).toEqual([
      { guid: 'bare-1', link: 'https://bare.example/1', title: 'First', summary: 'Hello.', publishedAt: null },
    ]);
  });

  it('reads character references that name no character as U+FFFD instead of failing', () => {
    const feed = parseFeedDocument(fixture('bad-entities.xml'), 'https://refs.example/rss');
    expect(feed.title).toBe('Broken \ufffd Refs');
    expect(feed.entries.map((entry) => entry.summary)).toEqual([
      'Fish \ufffd chips \ufffd \ufffd \ufffd',
      'Tea \ufffd \ufffd cake',
    ]);
    expect(feed.entries[0]?.title).toBe('Out of range \ufffd and a surrogate \ufffd');
  });

  it('caps every text taken from a feed: a title of a million characters, a 450 KB one, a huge link', () => {
    const word = 'harbour ';
    const hugeTitle = word.repeat(125_000);
    const wideTitle = '🚢'.repeat(115_000);
    const longLink = `https://big.example/${'a'.repeat(3000)}`;
    const body =
      `<?xml version="1.0"?><rss version="2.0"><channel><title>${wideTitle}</title><link>${longLink}</link>` +
      `<item><title>${hugeTitle}</title><link>https://big.example/1</link><description>${'word '.repeat(200_000)}</description></item>` +
      `<item><title>Link too long</title><link>${longLink}</link></item></channel></rss>`;

    const feed = parseFeedDocument(body, 'https://big.example/rss');

    expect(feed.title.length).toBeLessThanOrEqual(FEED_LIMITS.titleChars);
    // Cut between emoji, never inside one (a surrogate pair).
    expect(feed.title).toMatch(/^(🚢)+…$/u);
    expect(feed.siteUrl).toBeNull();
    const [first, second] = feed.entries;
    expect(first?.title.length).toBeLessThanOrEqual(FEED_LIMITS.titleChars);
    expect(first?.title).toMatch(/^(harbour )+harbour…$/);
    expect(first?.summary.length).toBeLessThanOrEqual(FEED_LIMITS.summaryChars);
    expect(second?.link).toBeNull();
  });

  it('clips on a grapheme boundary and leaves short text as one line', () => {
    expect(clipText('  two\n lines  ', 20)).toBe('two lines');
    const family = '👩‍👩‍👧‍👦';
    const clipped = clipText(family.repeat(10), 30);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipped.slice(0, -1)).toBe(family.repeat((clipped.length - 1) / family.length));
  });

  it('keeps the newest 100 of a feed of 40,000 entries', { timeout: 60_000 }, () => {
    const items = Array.from(
      { length: 40_000 },
      (_, n) =>
        `<item><title>T${n}</title><link>https://many.example/${n}</link>` +
        `<pubDate>${new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString()}</pubDate></item>`,
    );
    // Oldest first in the document, as some feeds are: the newest are at its end.
    const body = `<?xml version="1.0"?><rss version="2.0"><channel><title>Many</title>${items.join('')}</channel></rss>`;

    const feed = parseFeedDocument(body, 'https://many.example/rss');
    const newest = newestUniqueEntries(feed.entries, FEED_LIMITS.entriesPerFetch);

    expect(feed.entries).toHaveLength(40_000);
    expect(newest).toHaveLength(100);
    expect(newest[0]?.title).toBe('T39999');
    expect(newest[99]?.title).toBe('T39900');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closeCutFeed, FeedParseError, parseFeedDocument, summarise } from '#functions/services/feeds/feed/parse-feed';

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
});

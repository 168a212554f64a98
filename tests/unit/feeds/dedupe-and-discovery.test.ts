import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  entryKey,
  feedIdOf,
  legacyEntryKey,
  newestUniqueEntries,
  uniqueEntries,
} from '#functions/services/feeds/feed/dedupe';
import { discoverFeedLinks, looksLikeFeed, looksLikeHtml } from '#functions/services/feeds/feed/discover';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

const entry = (guid: string | null, link: string | null, title = 't') => ({
  guid,
  link,
  title,
  summary: '',
  publishedAt: null,
});

describe('entry dedupe', () => {
  it('knows an entry by its guid first, else by its link (its #fragment included)', () => {
    expect(entryKey({ guid: 'a-1', link: 'https://x.example/1' })).toBe('guid:a-1');
    expect(entryKey({ guid: null, link: 'HTTPS://X.example:443/1#top' })).toBe('link:https://x.example/1#top');
    expect(entryKey({ guid: null, link: null })).toBeNull();
    // The key such an entry had before fragments counted, so an entry stored under it is not landed again.
    expect(legacyEntryKey({ guid: null, link: 'HTTPS://X.example:443/1#top' })).toBe('link:https://x.example/1');
    expect(legacyEntryKey({ guid: null, link: 'https://x.example/1' })).toBeNull();
    expect(legacyEntryKey({ guid: 'a-1', link: 'https://x.example/1#top' })).toBeNull();
  });

  it('keeps each entry of a fetch once (anchors apart) and drops those with no link', () => {
    const unique = uniqueEntries([
      entry('g1', 'https://x.example/1', 'first'),
      entry('g1', 'https://x.example/1-again', 'repeat of g1'),
      entry(null, 'https://x.example/2'),
      entry(null, 'https://X.EXAMPLE:443/2', 'same link'),
      entry(null, 'https://x.example/2#comments', 'another anchor'),
      entry('g3', null),
    ]);
    expect(unique.map((item) => item.title)).toEqual(['first', 't', 'another anchor']);
    expect(new Set(unique.map((item) => item.entryId)).size).toBe(3);
    expect(unique[2]?.legacyEntryId).toBe(unique[1]?.entryId);
  });

  it('keeps the newest entries by date, each once, undated ones as new as the check, ties in feed order', () => {
    const dated = (title: string, publishedAt: string | null, guid = title) => ({
      ...entry(guid, `https://x.example/${guid}`, title),
      publishedAt,
    });
    const newest = newestUniqueEntries(
      [
        dated('old', '2026-01-01T00:00:00.000Z'),
        dated('undated', null),
        dated('new', '2026-03-01T00:00:00.000Z'),
        dated('new again', '2026-02-15T00:00:00.000Z', 'new'),
        dated('tie a', '2026-02-01T00:00:00.000Z'),
        dated('tie b', '2026-02-01T00:00:00.000Z'),
      ],
      4,
    );
    expect(newest.map((item) => item.title)).toEqual(['undated', 'new', 'tie a', 'tie b']);
  });

  it('gives the same feed URL the same id, however it is written', () => {
    expect(feedIdOf('https://Site.example:443/feed#x')).toBe(feedIdOf('https://site.example/feed'));
    expect(feedIdOf('https://site.example/feed')).not.toBe(feedIdOf('https://site.example/other'));
    expect(feedIdOf('https://site.example/feed')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('feed autodiscovery', () => {
  it('finds RSS, Atom and JSON Feed alternates, resolved against the base, in document order', () => {
    const html = fixture('site.html');
    expect(discoverFeedLinks(html, 'https://site.example/')).toEqual([
      'https://site.example/blog/atom.xml',
      'https://site.example/rss.xml',
      'https://site.example/feed.json',
    ]);
  });

  it('reads <LINK REL="Alternate" TYPE="application/RSS+XML" HREF=…> and <BASE HREF> in any letter case', () => {
    const html = `<!DOCTYPE HTML><HTML><HEAD><BASE HREF="/blog/">
      <LINK REL="Alternate" TYPE="application/RSS+XML" HREF="rss.xml">
      <Link Rel="ALTERNATE stylesheet" Type="Application/Atom+XML; charset=utf-8" Href="atom.xml">
      <link REL="stylesheet" TYPE="text/css" HREF="/s.css"></HEAD><BODY></BODY></HTML>`;
    expect(discoverFeedLinks(html, 'https://site.example/')).toEqual([
      'https://site.example/blog/rss.xml',
      'https://site.example/blog/atom.xml',
    ]);
  });

  it('finds nothing on a page without alternates', () => {
    expect(discoverFeedLinks('<html><head><title>x</title></head></html>', 'https://a.example/')).toEqual([]);
  });

  it('tells a page from a feed by its type, else by its first bytes', () => {
    expect(looksLikeHtml('text/html', '')).toBe(true);
    expect(looksLikeHtml('', '  <!DOCTYPE html><html>')).toBe(true);
    expect(looksLikeHtml('application/xml', '<?xml version="1.0"?><rss/>')).toBe(false);
  });

  it('tells a feed by its body before its type: RSS, Atom, RDF and JSON Feed served as text/html', () => {
    const bodies = [
      fixture('rss2.xml'),
      fixture('atom.xml'),
      '\ufeff<?xml version="1.0"?>\n<!-- generated --><?xml-stylesheet href="s.xsl"?><!DOCTYPE rss [<!ENTITY x "y">]><rss version="0.91"></rss>',
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"></rdf:RDF>',
      '<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"/>',
      fixture('json-feed.json'),
      fixture('json-feed-bare-version.json'),
    ];
    for (const body of bodies) {
      expect(looksLikeFeed(body)).toBe(true);
      expect(looksLikeHtml('text/html', body)).toBe(false);
    }
    expect(looksLikeFeed(fixture('site.html'))).toBe(false);
    expect(looksLikeFeed('<?xml version="1.0"?><html><feed/></html>')).toBe(false);
    expect(looksLikeFeed('{"version": "2.0", "items": []}')).toBe(false);
    expect(looksLikeHtml('text/html', '<html><body><rss>not this</rss></body></html>')).toBe(true);
  });
});

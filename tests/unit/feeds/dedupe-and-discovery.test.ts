import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entryKey, feedIdOf, uniqueEntries } from '#functions/services/feeds/feed/dedupe';
import { discoverFeedLinks, looksLikeHtml } from '#functions/services/feeds/feed/discover';

const entry = (guid: string | null, link: string | null, title = 't') => ({
  guid,
  link,
  title,
  summary: '',
  publishedAt: null,
});

describe('entry dedupe', () => {
  it('knows an entry by its guid first, else by its normalised link', () => {
    expect(entryKey({ guid: 'a-1', link: 'https://x.example/1' })).toBe('guid:a-1');
    expect(entryKey({ guid: null, link: 'HTTPS://X.example:443/1#top' })).toBe('link:https://x.example/1');
    expect(entryKey({ guid: null, link: null })).toBeNull();
  });

  it('keeps each entry of a fetch once and drops those with no link', () => {
    const unique = uniqueEntries([
      entry('g1', 'https://x.example/1', 'first'),
      entry('g1', 'https://x.example/1-again', 'repeat of g1'),
      entry(null, 'https://x.example/2'),
      entry(null, 'https://X.EXAMPLE/2#comments', 'same link'),
      entry('g3', null),
    ]);
    expect(unique.map((item) => item.title)).toEqual(['first', 't']);
    expect(new Set(unique.map((item) => item.entryId)).size).toBe(2);
  });

  it('gives the same feed URL the same id, however it is written', () => {
    expect(feedIdOf('https://Site.example:443/feed#x')).toBe(feedIdOf('https://site.example/feed'));
    expect(feedIdOf('https://site.example/feed')).not.toBe(feedIdOf('https://site.example/other'));
    expect(feedIdOf('https://site.example/feed')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('feed autodiscovery', () => {
  it('finds RSS, Atom and JSON Feed alternates, resolved against the base, in document order', () => {
    const html = readFileSync(new URL('../../fixtures/feeds/site.html', import.meta.url), 'utf8');
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
});

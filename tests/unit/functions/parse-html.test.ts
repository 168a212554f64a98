import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parseHtmlDocument } from '#functions/lib/html/parse-html';

const SHOUTED = `<!DOCTYPE HTML><HTML LANG="en-GB"><HEAD><LINK REL="webmention" HREF="/wm">
<META NAME="Description" CONTENT="A Story"><META PROPERTY="og:title" CONTENT="Story"></HEAD>
<BODY><P CLASS="lede intro" ID="top" Data-Kind="x" HIDDEN>Text</P>
<a REL="me" rel="author" HREF="https://social.example/@a">me</a></BODY></HTML>`;

describe('parseHtmlDocument', () => {
  it('finds what linkedom alone misses: upper-case attribute names, read as HTML reads them', () => {
    expect(parseHTML(SHOUTED).document.querySelectorAll('link[rel]')).toHaveLength(0);

    const document = parseHtmlDocument(SHOUTED);
    expect(document.querySelector('link[rel~="webmention"]')?.getAttribute('href')).toBe('/wm');
    expect(document.querySelector('meta[name][content]')?.getAttribute('content')).toBe('A Story');
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Story');
    expect(document.documentElement.getAttribute('lang')).toBe('en-GB');
    const paragraph = document.querySelector('p.intro#top[hidden]');
    expect(paragraph?.className).toBe('lede intro');
    expect(paragraph?.getAttribute('data-kind')).toBe('x');
  });

  it('keeps the first of two names that differ only in case, as the HTML parser does', () => {
    const link = parseHtmlDocument(SHOUTED).querySelector('a');
    expect(link?.getAttribute('rel')).toBe('me');
    expect(link?.getAttributeNames()).toEqual(['rel', 'rel', 'href']);
  });

  it('leaves attribute values and text as written', () => {
    const document = parseHtmlDocument('<p TITLE="Mixed Case">Body TEXT</p>');
    expect(document.querySelector('p')?.getAttribute('title')).toBe('Mixed Case');
    expect(document.querySelector('p')?.textContent).toBe('Body TEXT');
  });
});

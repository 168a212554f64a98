import { describe, expect, it } from 'vitest';
import { extractArticle } from '#functions/services/extraction/page/extract-article';
import {
  creativeCommonsName,
  locationMatches,
  parseRobots,
  parseTdmrepFile,
  readHeaderSignals,
  ruleFor,
} from '#functions/services/extraction/page/publisher-signals';
import { shortQuoteSignal } from '#shared/rights';
import { articleRights } from '#tests/helpers/article-rights';

const URL_OF_PAGE = 'https://news.example/2024/story.html?ref=home';
const paragraphs = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story tells how the harbour town rebuilt its sea wall over three long winters with volunteers.</p>`,
).join('');
const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Sea wall</title>${head}</head><body><article><h1>Sea wall</h1>${paragraphs}${body}</article></body></html>`;
const rightsOf = (head: string, context: Parameters<typeof extractArticle>[3] = {}, body = '') =>
  extractArticle(page(head, body), URL_OF_PAGE, new Date('2024-06-01T00:00:00Z'), context).rights;

describe('TDMRep in HTML meta and HTTP headers', () => {
  it('reads a reservation and its policy from meta tags', () => {
    const rights = rightsOf(
      '<meta name="tdm-reservation" content="1"><meta name="tdm-policy" content="https://news.example/tdm-policy.json">',
    );
    expect(rights).toMatchObject({
      reservation: true,
      reservationSource: 'meta',
      policyUrl: 'https://news.example/tdm-policy.json',
    });
    expect(shortQuoteSignal(rights)).toBe('tdm-reservation: 1');
  });

  it('reads a reservation from the tdm-reservation and tdm-policy headers', () => {
    const headers = new Headers({ 'tdm-reservation': '1', 'tdm-policy': 'https://news.example/policy' });
    expect(rightsOf('', { headers })).toMatchObject({
      reservation: true,
      reservationSource: 'header',
      policyUrl: 'https://news.example/policy',
    });
  });

  it('treats malformed values as not reserving: a reservation of 2 or "yes", a relative policy is dropped', () => {
    expect(rightsOf('<meta name="tdm-reservation" content="yes">')).toMatchObject({
      reservation: false,
      reservationSource: null,
    });
    expect(readHeaderSignals(new Headers({ 'tdm-reservation': '2' }))).toMatchObject({
      value: { tdm: null },
      problems: [expect.stringContaining('neither 0 nor 1')],
    });
    expect(
      rightsOf('<meta name="tdm-reservation" content="1"><meta name="tdm-policy" content="/policy">'),
    ).toMatchObject({
      reservation: true,
      policyUrl: null,
    });
  });

  it('a page without signals reserves nothing and triggers no short-quote mode', () => {
    const rights = rightsOf('');
    expect(rights).toEqual(articleRights());
    expect(shortQuoteSignal(rights)).toBeNull();
  });
});

describe('precedence: the page meta over its headers over the origin-wide tdmrep.json', () => {
  const reserving = { reservation: true, policyUrl: 'https://news.example/file-policy' };

  it('a rule from tdmrep.json applies when the page and headers say nothing', () => {
    expect(rightsOf('', { siteRule: reserving })).toMatchObject({
      reservation: true,
      reservationSource: 'tdmrep.json',
    });
  });

  it('a header of 0 overrides the file, and meta of 0 overrides a header of 1', () => {
    expect(rightsOf('', { siteRule: reserving, headers: new Headers({ 'tdm-reservation': '0' }) })).toMatchObject({
      reservation: false,
      reservationSource: 'header',
    });
    expect(
      rightsOf('<meta name="tdm-reservation" content="0">', { headers: new Headers({ 'tdm-reservation': '1' }) }),
    ).toMatchObject({ reservation: false, reservationSource: 'meta' });
  });

  it('a malformed higher source gives way to the next one', () => {
    expect(
      rightsOf('<meta name="tdm-reservation" content="maybe">', {
        headers: new Headers({ 'tdm-reservation': 'x' }),
        siteRule: reserving,
      }),
    ).toMatchObject({ reservation: true, reservationSource: 'tdmrep.json' });
  });
});

describe('tdmrep.json rules and location patterns', () => {
  const file = JSON.stringify([
    { location: '/2024/free/*', 'tdm-reservation': 0 },
    { location: '/2024/*.html$', 'tdm-reservation': 1, 'tdm-policy': 'https://news.example/policy.json' },
    { location: '/archive', 'tdm-reservation': 1 },
    { location: '/', 'tdm-reservation': 0 },
  ]);
  const rules = parseTdmrepFile(file).value;
  const at = (path: string) => ruleFor(rules, new URL(path, 'https://news.example'));

  it('the first matching rule wins (the report: the first in sequence is the most specific)', () => {
    expect(at('/2024/free/story.html')).toEqual({ reservation: false, policyUrl: null });
    expect(at('/2024/story.html')).toEqual({ reservation: true, policyUrl: 'https://news.example/policy.json' });
    expect(at('/other')).toEqual({ reservation: false, policyUrl: null });
  });

  it('matches by prefix, with * for any characters and a final $ for the end', () => {
    expect(at('/2024/story.html?page=2')).toEqual({ reservation: false, policyUrl: null });
    expect(at('/archive/1999/old')).toMatchObject({ reservation: true });
    expect(locationMatches('/path/foo-%24', new URL('https://x.example/path/foo-%24'))).toBe(true);
    expect(locationMatches('/caf%C3%A9/', new URL('https://x.example/café/menu'))).toBe(true);
    expect(locationMatches('/News/', new URL('https://x.example/news/a'))).toBe(false);
  });

  it('malformed files and rules are ignored and reported', () => {
    expect(parseTdmrepFile('<html>not json</html>')).toEqual({ value: [], problems: ['tdmrep.json is not JSON'] });
    expect(parseTdmrepFile('{"location":"/"}').value).toEqual([]);
    const mixed = parseTdmrepFile(
      JSON.stringify([
        { location: 'no-slash', 'tdm-reservation': 1 },
        { location: '/a', 'tdm-reservation': '3' },
        { location: '/b', 'tdm-reservation': '1' },
      ]),
    );
    expect(mixed.value).toEqual([{ location: '/b', reservation: true, policyUrl: null }]);
    expect(mixed.problems).toHaveLength(2);
  });
});

describe('robots directives', () => {
  it('reads noai, noimageai, nosnippet and max-snippet from <meta name="robots">', () => {
    expect(rightsOf('<meta name="robots" content="index, noai, noimageai, max-snippet:120">')).toMatchObject({
      noai: true,
      noimageai: true,
      nosnippet: false,
      maxSnippet: 120,
    });
  });

  it('reads <META NAME="Robots" CONTENT=…> and TDMRep meta tags whatever their letter case', () => {
    expect(rightsOf('<META NAME="ROBOTS" CONTENT="NoAI, max-snippet:80">')).toMatchObject({
      noai: true,
      maxSnippet: 80,
    });
    expect(
      rightsOf('<Meta Name="TDM-Reservation" Content="1"><META name="tdm-policy" CONTENT="https://news.example/p">'),
    ).toMatchObject({ reservation: true, reservationSource: 'meta', policyUrl: 'https://news.example/p' });
  });

  it('reads X-Robots-Tag, including forms scoped to an agent: ours counts, another bot does not', () => {
    const headers = new Headers({ 'x-robots-tag': 'googlebot: noai, nosnippet, threadsnip: max-snippet: 40' });
    expect(rightsOf('', { headers })).toMatchObject({ noai: false, nosnippet: false, maxSnippet: 40 });
    expect(rightsOf('<meta name="threadsnip" content="nosnippet">')).toMatchObject({ nosnippet: true });
    expect(rightsOf('<meta name="otherbot" content="noai">')).toMatchObject({ noai: false });
  });

  it('the smallest max-snippet wins; -1 means no limit; a malformed one is ignored and reported', () => {
    expect(
      rightsOf('<meta name="robots" content="max-snippet:200">', {
        headers: new Headers({ 'x-robots-tag': 'max-snippet:80' }),
      }),
    ).toMatchObject({
      maxSnippet: 80,
    });
    expect(rightsOf('<meta name="robots" content="max-snippet:-1">')).toMatchObject({ maxSnippet: null });
    const parsed = parseRobots([{ content: 'max-snippet:lots, noai' }]);
    expect(parsed.value).toMatchObject({ noai: true, maxSnippet: null });
    expect(parsed.problems).toEqual(['robots: "max-snippet:lots" has no whole number']);
  });

  it('names the signal that triggers short-quote mode', () => {
    expect(shortQuoteSignal(rightsOf('<meta name="robots" content="noai">'))).toBe('noai');
    expect(shortQuoteSignal(rightsOf('<meta name="robots" content="nosnippet">'))).toBe('nosnippet');
    expect(shortQuoteSignal(rightsOf('<meta name="robots" content="max-snippet:50">'))).toBe('max-snippet: 50');
    expect(shortQuoteSignal(rightsOf('<meta name="robots" content="noimageai">'))).toBeNull();
  });
});

describe('licence links', () => {
  it('recognises Creative Commons licences by name', () => {
    expect(creativeCommonsName('https://creativecommons.org/licenses/by/4.0/')).toBe('CC BY 4.0');
    expect(creativeCommonsName('https://creativecommons.org/licenses/by-nc-sa/3.0/deed.de')).toBe('CC BY-NC-SA 3.0');
    expect(creativeCommonsName('http://creativecommons.org/publicdomain/zero/1.0/')).toBe('CC0 1.0');
    expect(creativeCommonsName('https://news.example/licence')).toBeNull();
  });

  it('reads rel="license" on a <link> or an <a>, relative links resolved', () => {
    expect(rightsOf('<link rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/">')?.license).toEqual({
      url: 'https://creativecommons.org/licenses/by-sa/4.0/',
      name: 'CC BY-SA 4.0',
    });
    expect(rightsOf('', {}, '<p>Reuse: <a rel="nofollow license" href="/terms">our terms</a></p>')?.license).toEqual({
      url: 'https://news.example/terms',
      name: null,
    });
  });

  it('reads <LINK REL="License" HREF=…> and <A Rel=… Href=…> in any letter case', () => {
    expect(rightsOf('<LINK REL="License" HREF="https://creativecommons.org/licenses/by/4.0/">')?.license).toEqual({
      url: 'https://creativecommons.org/licenses/by/4.0/',
      name: 'CC BY 4.0',
    });
    expect(rightsOf('', {}, '<p>Reuse: <A Rel="LICENSE" Href="/terms">our terms</A></p>')?.license).toEqual({
      url: 'https://news.example/terms',
      name: null,
    });
  });
});

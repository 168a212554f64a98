import { describe, expect, it } from 'vitest';
import { extractArticle } from '#functions/services/extraction/page/extract-article';
import { authorFromByline } from '#functions/services/extraction/page/page-credit';
import { linkedinPost } from '#shared/publishing/linkedin-format';

/**
 * The credit as extraction reads it from a page: the author's bare name, the outlet (the page's own
 * name for itself, else its registrable domain), and every text field with its entities decoded.
 */

const STORY = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the harbour board met on Tuesday to weigh the ferry plan, and members asked how the library would stay open through the winter storms.</p>`,
).join('');

function page(head: string, body = '') {
  return `<!doctype html><html lang="en"><head>${head}</head><body><article>${body}${STORY}</article></body></html>`;
}

const NOW = new Date('2026-11-23T12:00:00Z');

describe('the author', () => {
  it.each([
    ['by jdadmin', 'jdadmin'],
    ['By Jane Doe', 'Jane Doe'],
    ['BY TOM KRISHER, AP Auto Writer', 'TOM KRISHER'],
    ['By: Jane Doe', 'Jane Doe'],
    ['Written by Jane Doe', 'Jane Doe'],
    ['Jane Doe | The Coastal Ledger', 'Jane Doe'],
    ['Jane Doe, Staff Writer', 'Jane Doe'],
    ['Von Hans Müller', 'Hans Müller'],
    ['Par Jean Dupont', 'Jean Dupont'],
    ['Por María López', 'María López'],
    ['Door Anne de Vries', 'Anne de Vries'],
    ['Автор: Иван Петров', 'Иван Петров'],
    ['От Иван Петров', 'Иван Петров'],
  ])('%s → %s', (byline, name) => {
    expect(authorFromByline(byline)).toBe(name);
  });

  it.each(['Von Miller', 'Di Maio', 'Byron Katie', 'Jane Doe, John Roe', 'Anne de Vries'])(
    'keeps %s, which is a name',
    (byline) => {
      expect(authorFromByline(byline)).toBe(byline);
    },
  );

  it('is read once at extraction, so LinkedIn credits the name without a second "by"', () => {
    const article = extractArticle(
      page('<title>Ferry plan</title><meta name="author" content="by jdadmin">'),
      'https://news.harbour-board.org/ferry',
      NOW,
    );

    expect(article.byline).toBe('jdadmin');
    const post = linkedinPost({
      title: article.title,
      posts: ['The board weighs the ferry plan.', 'Thread created by threadsnip.app.'],
      author: article.byline,
      sourceUrl: article.url,
    });
    expect(post).toContain('Original article by jdadmin.');
    expect(post).not.toMatch(/by by/i);
  });
});

describe('the outlet', () => {
  it("is the page's own og:site_name, or its JSON-LD publisher's name, before anything from the host", () => {
    const named = extractArticle(
      page('<meta property="og:site_name" content="AP News"><title>Ferry</title>'),
      'https://hosted.ap.org/article/ferry',
      NOW,
    );
    const published = extractArticle(
      page(
        '<title>Ferry</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Ferry","publisher":{"@type":"Organization","name":"ORF"}}</script>',
      ),
      'https://blog.orf.at/ferry',
      NOW,
    );

    expect(named.siteName).toBe('AP News');
    expect(published.siteName).toBe('ORF');
  });

  it.each([
    ['https://hosted.ap.org/article/ferry', 'ap.org'],
    ['https://blog.orf.at/ferry', 'orf.at'],
    ['https://dana.github.io/2026/ferry', 'dana.github.io'],
    ['https://www.bbc.co.uk/news/ferry', 'bbc.co.uk'],
  ])('when the page names none, is the registrable domain of %s: %s', (url, outlet) => {
    expect(extractArticle(page('<title>Ferry</title>'), url, NOW).siteName).toBe(outlet);
  });

  it('is none for an address without a registrable domain', () => {
    expect(
      extractArticle(page('<title>Ferry</title>'), 'http://127.0.0.1:3000/samples/ferry', NOW).siteName,
    ).toBeNull();
  });
});

describe('text taken from the page', () => {
  it('has its HTML entities decoded, named and numeric, a no-break space as a space', () => {
    const article = extractArticle(
      page(
        '<meta property="og:title" content="Ferry&amp;nbsp;plan&amp;#8217;s day">' +
          '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Ferry plan",' +
          '"author":{"@type":"Person","name":"Ana&nbsp;Lo&#769;pez"},' +
          '"publisher":{"@type":"Organization","name":"Harbour&nbsp;&amp;&nbsp;Coast&#x2019;s News"}}</script>',
      ),
      'https://news.harbour-board.org/ferry',
      NOW,
    );

    expect(article.title).toBe('Ferry plan’s day');
    expect(article.byline).toBe('Ana Lo\u0301pez');
    expect(article.siteName).toBe('Harbour & Coast’s News');
  });
});

import { describe, expect, it } from 'vitest';
import { readLeadImage } from '#functions/services/extraction/page/lead-image';
import { parsePageDocument } from '#functions/services/extraction/page/page-document';
import { readPageHead } from '#functions/services/extraction/page/page-metadata';
import { articleImageCredit, articleImageRefusal } from '#shared/article-image';
import { articleRights } from '#tests/helpers/article-rights';

const URL = 'https://news.example/2026/11/harbour';

function leadImageOf(html: string, declared: string | null = null) {
  const document = parsePageDocument(html, URL);
  return readLeadImage(document, readPageHead(document, URL), declared);
}

describe("the article's picture, as the page presents it", () => {
  it('takes og:image:alt first, and the credit printed in the caption', () => {
    const html = `<html><head><meta property="og:image:alt" content="The ferry moored at dusk"></head><body><article>
      <figure><img src="/media/ferry.jpg?w=800" alt="ferry.jpg"><figcaption>The converted ferry. Photo: Jonas Berg/Ledger</figcaption></figure>
      </article></body></html>`;
    expect(leadImageOf(html, 'https://news.example/media/ferry.jpg')).toEqual({
      url: 'https://news.example/media/ferry.jpg',
      alt: 'The ferry moored at dusk',
      credit: 'Photo: Jonas Berg/Ledger',
    });
  });

  it("uses the same image's alt on the page (a CDN size in the query is the same file), not a file name", () => {
    const html = `<body><figure><img src="https://cdn.news.example/ferry.jpg?w=400" alt="Volunteers shelving books on the deck"></figure></body>`;
    expect(leadImageOf(html, 'https://cdn.news.example/ferry.jpg?w=1200')?.alt).toBe(
      'Volunteers shelving books on the deck',
    );
    const named = `<body><figure><img src="https://cdn.news.example/ferry.jpg" alt="IMG_2041.jpg"><figcaption>Books on the deck</figcaption></figure></body>`;
    expect(leadImageOf(named, 'https://cdn.news.example/ferry.jpg')?.alt).toBe('Books on the deck');
  });

  it("falls back to the article's first figure when the page declares no picture, with its caption's marked credit", () => {
    const html = `<body><nav><img src="/logo.png" alt="Logo"></nav><article><p>Text</p>
      <figure><img src="/a.webp"><figcaption>Readers on the upper deck <span class="photo-credit">Ana Ruiz for News</span></figcaption></figure></article></body>`;
    expect(leadImageOf(html)).toEqual({
      url: 'https://news.example/a.webp',
      alt: 'Readers on the upper deck',
      credit: 'Ana Ruiz for News',
    });
  });

  it('gives no alt text when the page gives none (nothing is invented), and null without any picture', () => {
    expect(leadImageOf('<body><p>Nothing</p></body>', 'https://img.example/x.png')).toEqual({
      url: 'https://img.example/x.png',
      alt: null,
      credit: null,
    });
    expect(leadImageOf('<body><p>No pictures here</p></body>')).toBeNull();
  });
});

describe('reuse of the article picture', () => {
  const rights = articleRights();

  it('is allowed without signals, refused in short-quote mode and under noimageai, saying why', () => {
    expect(articleImageRefusal(rights)).toBeNull();
    expect(articleImageRefusal(undefined)).toBeNull();
    expect(articleImageRefusal({ ...rights, noai: true })).toMatch(/noai/);
    expect(articleImageRefusal({ ...rights, reservation: true })).toMatch(/tdm-reservation: 1/);
    expect(articleImageRefusal({ ...rights, maxSnippet: 80 })).toMatch(/max-snippet: 80/);
    expect(articleImageRefusal({ ...rights, noimageai: true })).toMatch(/noimageai/);
  });

  it("credits the page's own credit line, else the outlet", () => {
    expect(articleImageCredit('Photo: Jonas Berg', 'The Coastal Ledger')).toBe('Photo: Jonas Berg');
    expect(articleImageCredit(null, 'The Coastal Ledger')).toBe('Image: The Coastal Ledger');
  });
});

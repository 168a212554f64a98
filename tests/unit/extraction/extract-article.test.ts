import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '#functions/lib/errors';
import { extractArticle } from '#functions/services/extraction/page/extract-article';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/articles', name), 'utf8');
const NEWS_URL = 'https://www.coastal-ledger.example/news/2024/05/14/ferry-library?ref=home';
const BLOG_URL = 'https://crumbnotes.example/2023/11/cold-retard.html';
const NOW = new Date('2024-06-01T12:00:00Z');

describe('extractArticle on a news page', () => {
  const article = extractArticle(fixture('news-article.html'), NEWS_URL, NOW);
  const paragraphs = article.content.split('\n\n');

  it('keeps the story paragraphs in order, separated by blank lines', () => {
    expect(paragraphs[0]).toMatch(/^The ferry that carried commuters across the estuary/);
    expect(paragraphs[1]).toMatch(/^Volunteers spent eighteen months/);
    expect(paragraphs[2]).toMatch(/^"People kept telling us it was too good to lose," said Elin Sørensen/);
    expect(paragraphs[3]).toMatch(/^The library opens on weekends from June/);
    expect(article.content).toContain('The ferry was retired in 2023 after the new bridge opened');
  });

  it('drops the caption, share buttons, newsletter box, related links, byline and author bio', () => {
    for (const furniture of [
      'Photo: Jonas Berg',
      'Share on Facebook',
      'Email this story',
      'morning newsletter',
      'Lighthouse keepers',
      'Harbour dredging',
      'Skip to content',
      'By Mara Lindqvist',
      'coastal affairs reporter',
      'All rights reserved',
      'Weather',
    ]) {
      expect(article.content).not.toContain(furniture);
    }
  });

  it('returns the links found in the story as absolute URLs', () => {
    expect(article.links).toEqual([
      'https://www.coastal-ledger.example/news/2023/ferry-retired',
      'https://library.port-annick.example/ferry',
    ]);
  });

  it('reads the title, byline, site, canonical URL, date, lead image and language', () => {
    expect(article).toMatchObject({
      url: NEWS_URL,
      title: 'Harbour town turns old ferry into floating library',
      byline: 'Mara Lindqvist',
      siteName: 'The Coastal Ledger',
      canonicalUrl: 'https://www.coastal-ledger.example/news/2024/05/ferry-library',
      publishedTime: '2024-05-14T08:30:00Z',
      leadImage: 'https://www.coastal-ledger.example/media/2024/ferry-library.jpg',
      // The picture's empty alt says nothing; its caption describes it and names the photographer.
      leadImageAlt: 'The converted ferry at its new mooring.',
      leadImageCredit: 'Photo: Jonas Berg',
      language: 'en',
      extractedAt: '2024-06-01T12:00:00.000Z',
    });
  });

  it("finds the author's handles from twitter:creator, fediverse:creator, rel=me and JSON-LD sameAs", () => {
    expect(article.authorHandles).toEqual({
      twitter: '@maralind',
      fediverse: '@mara@journa.host',
      bluesky: '@mara.bsky.social',
      profiles: [
        'https://journa.host/@mara',
        'https://bsky.app/profile/mara.bsky.social',
        'https://www.linkedin.com/in/maralindqvist',
      ],
    });
  });
});

describe('extractArticle on a page written in upper-case HTML', () => {
  // The news page with its tag and attribute names in capitals, as older CMSs write them.
  const shouted = fixture('news-article.html')
    .replace(
      /<(\/?)(meta|link|a|html|time|script)\b/g,
      (_, slash: string, tag: string) => `<${slash}${tag.toUpperCase()}`,
    )
    .replace(/\s(name|content|property|rel|href|lang|type|datetime|itemprop|http-equiv)=/g, (match) =>
      match.toUpperCase(),
    );
  const lower = extractArticle(fixture('news-article.html'), NEWS_URL, NOW);
  const upper = extractArticle(shouted, NEWS_URL, NOW);

  it('changes the page (the test would otherwise prove nothing)', () => {
    expect(shouted).toContain('<META ');
    expect(shouted).toMatch(/ (NAME|PROPERTY)="/);
    expect(shouted).toContain(' HREF="');
  });

  it('reads the same metadata, handles, links and signals as from the lower-case page', () => {
    expect(upper).toMatchObject({
      title: lower.title,
      byline: 'Mara Lindqvist',
      siteName: 'The Coastal Ledger',
      canonicalUrl: 'https://www.coastal-ledger.example/news/2024/05/ferry-library',
      publishedTime: '2024-05-14T08:30:00Z',
      leadImage: 'https://www.coastal-ledger.example/media/2024/ferry-library.jpg',
      language: lower.language,
    });
    expect(upper.authorHandles).toEqual(lower.authorHandles);
    expect(upper.links).toEqual(lower.links);
    expect(upper.rights).toEqual(lower.rights);
  });
});

describe('extractArticle on a page whose links hold malformed escapes', () => {
  it('reads the article and ignores a profile link that does not decode', () => {
    const paragraph =
      'The harbour council spent four million pounds on new sea walls in 2021, engineer Ada Lovell told the meeting on Tuesday evening.';
    const html = `<!doctype html><html><head><title>Sea walls</title></head><body><article><h1>Sea walls</h1>
${Array.from({ length: 5 }, () => `<p>${paragraph}</p>`).join('')}
<a rel="me" href="https://bsky.app/profile/%ZZ">Bluesky</a><a rel="me" href="https://bsky.app/profile/%ED%A0%80">Bluesky</a>
</article></body></html>`;
    const article = extractArticle(html, 'https://harbour.example/sea-walls', NOW);
    expect(article.title).toBe('Sea walls');
    expect(article.authorHandles.bluesky).toBeUndefined();
  });
});

describe('extractArticle on a blog post', () => {
  const article = extractArticle(fixture('blog-post.html'), BLOG_URL, NOW);

  it('keeps headings, list items, quotes and line breaks as separate blocks', () => {
    const paragraphs = article.content.split('\n\n');
    expect(paragraphs).toContain('What changed');
    expect(paragraphs).toContain('Mix and autolyse at 6 pm.');
    expect(paragraphs).toContain('Bake straight from the fridge at 7 am.');
    expect(paragraphs).toContain('Cold dough is forgiving dough.');
    expect(paragraphs).toContain('Line one of the recipe card\nLine two of the recipe card');
    expect(paragraphs.at(-1)).toBe('Thanks for reading, and happy baking.');
  });

  it('leaves out the sidebar, tags and comments', () => {
    expect(article.content).not.toMatch(/Categories|Pastry|Tags:|fermentation|Great post/);
  });

  it('resolves relative links against the page and skips same-page anchors', () => {
    expect(article.links).toEqual(['https://crumbnotes.example/2023/10/hydration-table.html']);
  });

  it('follows JSON-LD references to the author for the byline and handles', () => {
    expect(article.byline).toBe('Tomás Aguilar');
    expect(article.siteName).toBe('Crumb Notes');
    expect(article.language).toBe('en');
    expect(article.publishedTime).toBe('2023-11-02');
    expect(article.authorHandles).toEqual({
      twitter: '@tomasbakes',
      bluesky: '@tomas.crumbnotes.example',
      profiles: ['https://x.com/tomasbakes', 'https://bsky.app/profile/tomas.crumbnotes.example'],
    });
  });
});

describe('extractArticle on a wire story', () => {
  const article = extractArticle(
    fixture('wire-story.html'),
    'https://www.dailycourier.example/news/2019/11/wind-record',
    NOW,
  );
  const paragraphs = article.content.split('\n\n');

  it('keeps only the story: no header, standfirst, date line, caption, credits or newsletter prompt', () => {
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[0]).toMatch(/^Offshore wind farms produced a record/);
    expect(paragraphs[1]).toMatch(/^The previous record was set last winter/);
    expect(paragraphs[3]).toMatch(/^Prices on the wholesale market fell below zero/);
    expect(article.content).not.toMatch(/flat out for two days|Nov\. 19|near Harwick|Reporting by|newsletter/);
  });

  it('drops a link to another story on the same site but keeps a link line to another site', () => {
    expect(article.content).not.toContain('Grid upgrade to cost more');
    expect(paragraphs[2]).toBe("Download the operator's half-hourly output data for Tuesday");
    expect(article.links).toEqual(['https://www.gridoperator.example/data/2019-11-19.csv']);
  });
});

describe('extractArticle on other input', () => {
  it('refuses a page without readable text', () => {
    const read = () => extractArticle(fixture('no-article.html'), 'https://snap.example/g/1', NOW);
    expect(read).toThrow(ExtractionError);
    expect(read).toThrow('Could not find readable article text on this page.');
  });

  it('refuses an address that is not a URL', () => {
    expect(() => extractArticle(fixture('blog-post.html'), 'not a url', NOW)).toThrow('Please enter a valid URL');
  });

  it('refuses an empty document', () => {
    expect(() => extractArticle('', 'https://example.org/', NOW)).toThrow(ExtractionError);
  });

  it('reads an HTML fragment without <html> or <body>, resolving its links against the URL', () => {
    const html = [
      '<h1>Night trains return</h1>',
      '<p>Night trains are back on the northern line after a decade away, with sleeper cabins and a dining car that serves breakfast before arrival.</p>',
      '<p>Tickets went on sale on Monday and the first month sold out within hours, according to the <a href="/operators/nordrail">operator</a>.</p>',
    ].join('');
    const article = extractArticle(html, 'https://rail.example/stories/night-trains', NOW);
    expect(article.content.split('\n\n')).toHaveLength(2);
    expect(article.content).toContain('sleeper cabins and a dining car');
    expect(article.links).toEqual(['https://rail.example/operators/nordrail']);
  });

  it('gives the same result when the same page is read twice', () => {
    const html = fixture('news-article.html');
    expect(extractArticle(html, NEWS_URL, NOW)).toEqual(extractArticle(html, NEWS_URL, NOW));
  });

  it("uses the page's own <base href> for relative links", () => {
    const html = fixture('blog-post.html').replace(
      '<head>',
      '<head><base href="https://cdn.crumbnotes.example/archive/">',
    );
    const article = extractArticle(html, BLOG_URL, NOW);
    expect(article.links).toEqual(['https://cdn.crumbnotes.example/10/hydration-table.html']);
  });
});

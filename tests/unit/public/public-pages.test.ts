import { describe, expect, it } from 'vitest';
import { renderAboutArticle, renderPublicThread } from '#functions/services/public/pages/render-pages';
import { discoverWebmentionEndpoint } from '#functions/services/public/webmention/discover-endpoint';
import type { Thread } from '#shared/schemas/thread';
import { makeThread } from '#tests/helpers/publishing-threads';

const PAGE = 'https://blog.example/posts/a?x=1';

describe('discoverWebmentionEndpoint', () => {
  it('takes the Link header before any element, resolving it against the final URL', () => {
    const html = '<link rel="webmention" href="/from-link">';
    expect(discoverWebmentionEndpoint(['<../wm?k=v>; rel="webmention"'], html, PAGE)).toBe(
      'https://blog.example/wm?k=v',
    );
  });

  it('takes the first <link> or <a> in document order, skipping ones without href and other rels', () => {
    const html = `<html><head><link rel="webmentions" href="/no"><link rel="webmention"></head>
      <body><!-- <a rel="webmention" href="/commented"> --><a rel="me webmention" href="wm/a">x</a>
      <link rel="webmention" href="/later"></body></html>`;
    expect(discoverWebmentionEndpoint([], html, PAGE)).toBe('https://blog.example/posts/wm/a');
  });

  it('reads an empty href as the page itself, and a malformed Link header as none', () => {
    expect(discoverWebmentionEndpoint(['<<<'], '<link rel="webmention" href="">', PAGE)).toBe(PAGE);
    expect(discoverWebmentionEndpoint([], '<p>no endpoint</p>', PAGE)).toBeNull();
    expect(discoverWebmentionEndpoint([], null, PAGE)).toBeNull();
  });

  it.each([
    ['<LINK REL="webmention" HREF="/upper">', 'https://blog.example/upper'],
    ['<link Rel="WebMention" Href="/mixed">', 'https://blog.example/mixed'],
    ['<A rel="webmention" HREF="/anchor">x</A>', 'https://blog.example/anchor'],
  ])('reads attribute names and rel values in any letter case: %s', (markup, endpoint) => {
    expect(discoverWebmentionEndpoint([], `<html><head></head><body>${markup}</body></html>`, PAGE)).toBe(endpoint);
  });

  it('takes an upper-case <LINK> before a later lower-case <a>, never the wrong endpoint after it', () => {
    const html =
      '<HTML><HEAD><LINK REL="webmention" HREF="/right"></HEAD><BODY><a rel="webmention" href="/wrong">x</a></BODY></HTML>';
    expect(discoverWebmentionEndpoint([], html, PAGE)).toBe('https://blog.example/right');
  });
});

const thread: Thread = {
  ...makeThread('u1', [], { title: 'Bridges & <script>alert(1)</script>', sourceUrl: 'https://news.example/story' }),
  author: 'Ana "The Pen" O\'Neil',
  posts: [
    {
      id: 'p1',
      content: 'The bridge <b>reopens</b> & traffic flows',
      charCount: 40,
      source: 'The bridge - closed, then reopened & busy',
    },
    { id: 'p2', content: 'No passage for this one', charCount: 23 },
    { id: 'p3', content: '🧵 Source: https://news.example/story', charCount: 36 },
  ],
  publicId: 'AAAAAAAAAAAAAAAAAAAAAA',
  isPublic: true,
  allowIndexing: false,
};

describe('renderPublicThread in another language', () => {
  it("says a translated thread is one, from the article's language, and marks the posts' language", () => {
    const html = renderPublicThread({
      thread: { ...thread, language: 'en', translatedFrom: 'ko' },
      curator: 'curator',
      pageUrl: 'https://app.example/t/AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(html).toContain('<p class="translated">Translated from Korean</p>');
    expect(html).toContain('<ol lang="en">');
  });

  it('says nothing of translation for a thread in the article’s own language', () => {
    const html = renderPublicThread({
      thread: { ...thread, language: 'de', translatedFrom: null },
      curator: 'curator',
      pageUrl: 'https://app.example/t/AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(html).not.toContain('Translated from');
    expect(html).toContain('<ol lang="de">');
  });
});

describe('renderPublicThread', () => {
  const html = renderPublicThread({
    thread,
    curator: 'curator<x>',
    pageUrl: 'https://app.example/t/AAAAAAAAAAAAAAAAAAAAAA',
  });

  it('escapes every stored value: no markup from a title, post, author or curator reaches the page', () => {
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>reopens');
    expect(html).toContain('Bridges &amp; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Ana &quot;The Pen&quot; O&#39;Neil');
    expect(html).toContain('Drafted with AI, edited by curator&lt;x&gt;');
  });

  it('credits the author before the title, and says how it was made in a meta tag', () => {
    expect(html.indexOf('Original article by Ana')).toBeLessThan(html.indexOf('<h1>'));
    expect(html).toContain('<meta name="ai-disclosure" content="Drafted with AI, edited by curator&lt;x&gt;">');
    expect(html).toContain('<meta property="og:title" content="Bridges &amp; &lt;script&gt;');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('links each post with a passage to it by a text fragment, and keeps noindex until indexing is allowed', () => {
    expect(html).toContain(
      'href="https://news.example/story#:~:text=The%20bridge%20%2D%20closed%2C%20then%20reopened%20%26%20busy"',
    );
    expect(html.match(/Read this in the original/g)).toHaveLength(1);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const indexed = renderPublicThread({ thread: { ...thread, allowIndexing: true }, curator: 'c', pageUrl: PAGE });
    expect(indexed).not.toContain('noindex');
  });

  it('links with the directive checked at generation, and not at all where the page does not show the passage', () => {
    const checked = renderPublicThread({
      thread: {
        ...thread,
        posts: [
          { id: 'h', content: 'Hook', charCount: 4, source: 'Bridge reopens | News', sourceFragment: null },
          {
            id: 'b',
            content: 'Body',
            charCount: 4,
            source: 'The bridge reopened',
            sourceFragment: 'reopened-,The%20bridge',
          },
          { id: 'a', content: '🧵 Source: https://news.example/story', charCount: 36 },
        ],
      },
      curator: 'c',
      pageUrl: PAGE,
    });
    expect(checked.match(/Read this in the original/g)).toHaveLength(1);
    expect(checked).toContain('href="https://news.example/story#:~:text=reopened-,The%20bridge"');
  });

  it('never turns a stored javascript: source into a link', () => {
    const page = renderPublicThread({
      thread: { ...thread, sourceUrl: 'javascript:alert(1)' },
      curator: 'c',
      pageUrl: PAGE,
    });
    expect(page).not.toContain('href="javascript:');
    expect(page).not.toContain('Read this in the original');
  });
});

describe('renderAboutArticle', () => {
  it('lists the threads escaped, or asks for a URL', () => {
    const page = renderAboutArticle(
      'https://news.example/story',
      [
        {
          title: '<i>Hot</i>',
          curator: 'ann',
          createdAt: '2026-01-02T00:00:00.000Z',
          pageUrl: 'https://app.example/t/x',
        },
      ],
      PAGE,
    );
    expect(page).toContain('&lt;i&gt;Hot&lt;/i&gt;');
    expect(page).toContain('href="https://app.example/t/x"');
    expect(renderAboutArticle(null, [], PAGE)).toContain('/about-article?url=');
  });
});

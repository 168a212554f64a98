import { describe, expect, it } from 'vitest';
import { extractArticle } from '#functions/services/extraction/page/extract-article';
import { withSourceFragments } from '#functions/services/generation/draft-thread';
import type { ExtractionResult } from '#shared/schemas/article';
import type { Post } from '#shared/schemas/thread';
import { findDirectiveRange, matchableText } from '#shared/text-fragment';

const URL_OF_PAGE = 'https://news.example/2026/bridge.html';
const OPENING = 'The new bridge opened to traffic on Tuesday morning';
const SENTENCE = `${OPENING}, eleven years after the first design was drawn and two lawsuits later.`;
// The story's opening words are also a photo caption above it; the <title> is not on the page.
const PAGE = `<!doctype html><html><head><title>Eleven years late: Riverside bridge opens | Riverside News</title></head>
<body><header><nav><a href="/">Home</a></nav></header><article><h1>Bridge opens</h1>
<figure><img src="/b.jpg" alt=""><figcaption>${OPENING}. Photo: Lee Park</figcaption></figure>
<p>${SENTENCE}</p>
<p>City engineers said the span had passed every load test, and the council thanked residents for their patience during the long closures.</p>
<p>Buses will use the bridge from Friday, and a footpath on its north side opens next month once the railings are finished.</p>
</article><footer>© Riverside News</footer></body></html>`;

function analysed(): ExtractionResult {
  const article = extractArticle(PAGE, URL_OF_PAGE, new Date('2026-03-01T00:00:00Z'));
  return { ...article, themes: [], isSensitiveContent: false, sensitiveCategories: [], sensitiveContentMessage: null };
}

const post = (id: string, source?: string): Post => ({
  id,
  content: `Post ${id}`,
  charCount: 6,
  ...(source ? { source } : {}),
});

/** Where a browser would land for a stored directive, as the text between the match's ends. */
function landing(pageText: string, directive: string): string | null {
  const parts = directive.split(',').map((part) => part);
  const prefix = parts[0]?.endsWith('-') ? parts.shift()?.slice(0, -1) : undefined;
  const suffix = parts.at(-1)?.startsWith('-') ? parts.pop()?.slice(1) : undefined;
  const fold = (term?: string) => (term === undefined ? undefined : matchableText(decodeURIComponent(term)).text);
  const page = matchableText(pageText);
  const range = findDirectiveRange(page, {
    prefix: fold(prefix),
    start: fold(parts[0]) ?? '',
    end: fold(parts[1]),
    suffix: fold(suffix),
  });
  return range ? page.source.slice(page.from[range[0]], page.to[range[1] - 1]) : null;
}

describe('posts get text directives checked against the page as extracted', () => {
  it('keeps the page’s visible text, caption and headline included, but not the <title>', () => {
    const { pageText } = analysed();
    expect(pageText).toContain(`${OPENING}. Photo: Lee Park`);
    expect(pageText).toContain('Bridge opens');
    expect(pageText).not.toContain('Riverside bridge opens');
  });

  it('links a passage past the caption that repeats its start, and a headline from <title> not at all', () => {
    const article = analysed();
    const posts = withSourceFragments(
      [
        post('hook', 'Eleven years late: Riverside bridge opens | Riverside News'),
        post('body', SENTENCE),
        post('nothing'),
      ],
      article,
    );

    expect(posts[0]?.sourceFragment).toBeNull();
    expect(landing(article.pageText ?? '', posts[1]?.sourceFragment ?? '')).toBe(SENTENCE);
    expect(posts[2]).not.toHaveProperty('sourceFragment');
  });

  it('leaves the posts as they were for an extraction kept without the page’s text', () => {
    const { pageText: _, ...older } = analysed();
    const posts = [post('body', SENTENCE)];
    expect(withSourceFragments(posts, older)).toEqual(posts);
  });
});

import { describe, expect, it } from 'vitest';
import { postRulesFor } from '#shared/publishing/platform-rules';
import {
  escapeMarkdown,
  REDDIT_TEXT_LIMIT,
  redditMarkdown,
  redditSourceLine,
  redditTitle,
} from '#shared/publishing/reddit-format';
import { reflowThread } from '#shared/publishing/reflow';

const ARTICLE = 'https://www.news.example.com/harbour?id=7';
const attribution = `Thread created by threadsnip.app. Read original article at: ${ARTICLE}`;
const reddit = postRulesFor('reddit');

describe('Reddit markdown', () => {
  it('links every URL as markdown, leaving a sentence’s closing punctuation outside the link', () => {
    expect(redditMarkdown('See https://a.example/x, then (https://b.example/y).')).toBe(
      'See [https://a.example/x](https://a.example/x), then ([https://b.example/y](https://b.example/y)).',
    );
  });

  it('keeps parentheses that belong to a link inside it, encoded so they cannot end it', () => {
    expect(redditMarkdown('Read https://en.example.org/wiki/Port_(harbour) now')).toBe(
      'Read [https://en.example.org/wiki/Port\\_(harbour)](https://en.example.org/wiki/Port_%28harbour%29) now',
    );
  });

  it('shows emphasis marks, brackets and line-start headings, quotes and lists as written', () => {
    expect(escapeMarkdown('a *b* _c_ ~~d~~ ^e [f] `g`')).toBe('a \\*b\\* \\_c\\_ \\~\\~d\\~\\~ \\^e \\[f\\] \\`g\\`');
    expect(escapeMarkdown('#AI wins\n> quoted\n- item\n2024. A year')).toBe(
      '\\#AI wins\n\\> quoted\n\\- item\n2024\\. A year',
    );
    expect(escapeMarkdown('Prices rose 5% - again. C# > Java?')).toBe('Prices rose 5% - again. C# > Java?');
  });

  it('opens with the source, linked under its site’s name', () => {
    expect(redditSourceLine(ARTICLE)).toBe(`Source: [news.example.com](${ARTICLE})`);
  });

  it('makes a title Reddit takes: never empty, at most 300 characters, cut between words', () => {
    expect(redditTitle('  The   harbour at dawn ')).toBe('The harbour at dawn');
    expect(redditTitle('   ')).toBe('Untitled Thread');
    const long = redditTitle('word '.repeat(100));
    expect([...long].length).toBeLessThanOrEqual(300);
    expect(long).toMatch(/ word…$/);
  });
});

describe('a thread re-flowed for Reddit', () => {
  it('is one post: the source link, the posts in order in markdown, the attribution last; the title stays out', () => {
    const posts = reflowThread(
      {
        title: 'Harbour',
        posts: ['1/ Boats *return*.', '2/ Bids at https://port.example/bids. 2/3', attribution],
        sourceUrl: ARTICLE,
      },
      reddit,
    );

    expect(posts).toEqual([
      [
        `Source: [news.example.com](${ARTICLE})`,
        'Boats \\*return\\*.',
        'Bids at [https://port.example/bids](https://port.example/bids).',
        `Thread created by threadsnip.app. Read original article at: [${ARTICLE}](${ARTICLE})`,
      ].join('\n\n'),
    ]);
  });

  it('needs more than one post only past 40,000 characters', () => {
    const body = Array.from({ length: 150 }, (_, n) => `Post ${n} ${'about the harbour '.repeat(15)}`);
    const posts = reflowThread({ title: 'Harbour', posts: [...body, attribution], sourceUrl: ARTICLE }, reddit);

    expect(posts.length).toBeGreaterThan(1);
    for (const post of posts) expect([...post].length).toBeLessThanOrEqual(REDDIT_TEXT_LIMIT);
    expect(posts.at(-1)).toContain('Read original article at');
  });
});

import { describe, expect, it } from 'vitest';
import { markdownFileName, threadToMarkdown } from '#web/features/threads/lib/markdown';

const posts = [
  { id: 'post-0', content: 'Night trains are back. 1/3', charCount: 26 },
  { id: 'post-1', content: 'Twenty routes since 2016 (2/3)', charCount: 30 },
  { id: 'post-2', content: 'Thread created by x. Read original article at: https://example.com/a', charCount: 70 },
];

describe('the Markdown export', () => {
  it('has the title, the source link with the author, and the posts as a numbered list without their numbering', () => {
    const markdown = threadToMarkdown({
      title: 'Night trains *return*',
      sourceUrl: 'https://example.com/a',
      author: 'Ana Ruiz',
      posts,
    });
    expect(markdown).toBe(
      [
        '# Night trains \\*return\\*',
        '',
        'Source: [Ana Ruiz](<https://example.com/a>)',
        '',
        '1. Night trains are back.',
        '2. Twenty routes since 2016',
        '3. Thread created by x. Read original article at: https://example.com/a',
        '',
      ].join('\n'),
    );
  });

  it('links the bare source when the article named no author', () => {
    expect(threadToMarkdown({ title: 'T', sourceUrl: 'https://example.com/a', author: null, posts })).toContain(
      'Source: <https://example.com/a>',
    );
  });

  it('names the file after the title', () => {
    expect(markdownFileName('Night Trains: Back in Europe!')).toBe('night-trains-back-in-europe.md');
    expect(markdownFileName('???')).toBe('thread.md');
  });
});

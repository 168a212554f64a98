import { describe, expect, it } from 'vitest';
import { copyAllText, postCopyText, stripTrailingNumbering, truncateForTwitter } from '#shared/copy';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';

describe('stripTrailingNumbering', () => {
  it.each([
    ['bare', 'The council voted yes. 1/5'],
    ['parenthesised', 'The council voted yes. (1/5)'],
    ['bracketed', 'The council voted yes. [1/5]'],
    ['with trailing spaces', 'The council voted yes. 1/5   '],
    ['on its own line', 'The council voted yes.\n[1/5]'],
  ])('strips the %s form', (_, content) => {
    expect(stripTrailingNumbering(content)).toBe('The council voted yes.');
  });

  it('strips the last post of a thread (5/5) and two-digit positions', () => {
    expect(stripTrailingNumbering('Last point 5/5')).toBe('Last point');
    expect(stripTrailingNumbering('Point twelve (12/14)')).toBe('Point twelve');
  });

  it('leaves a fraction inside a sentence', () => {
    expect(stripTrailingNumbering('1/5 of people never read past the headline.')).toBe(
      '1/5 of people never read past the headline.',
    );
    expect(stripTrailingNumbering('Only 1/5 of people agree, and (2/3) disagree.')).toBe(
      'Only 1/5 of people agree, and (2/3) disagree.',
    );
  });

  it('leaves trailing numbers that cannot be a thread position', () => {
    expect(stripTrailingNumbering('Results for the 2021/22 season: 2021/22')).toBe(
      'Results for the 2021/22 season: 2021/22',
    );
    expect(stripTrailingNumbering('Dates like 6/1')).toBe('Dates like 6/1');
    expect(stripTrailingNumbering('Zero 0/5')).toBe('Zero 0/5');
    expect(stripTrailingNumbering('See https://example.com/1/5')).toBe('See https://example.com/1/5');
    expect(stripTrailingNumbering('mismatched (1/5]')).toBe('mismatched (1/5]');
  });

  it('leaves a post without numbering unchanged', () => {
    expect(stripTrailingNumbering('No numbering here.')).toBe('No numbering here.');
  });
});

describe('copyAllText', () => {
  it('strips each post and joins them with a blank line', () => {
    const posts = [{ content: 'First 1/3' }, { content: 'Second (2/3)' }, { content: 'Thread created by x. 3/3' }];
    expect(copyAllText(posts)).toBe('First\n\nSecond\n\nThread created by x.');
  });

  it('copies a single post without separators, and nothing for no posts', () => {
    expect(copyAllText([{ content: 'Only' }])).toBe('Only');
    expect(copyAllText([])).toBe('');
  });
});

describe('truncateForTwitter', () => {
  it('returns a post that fits unchanged', () => {
    const text = 'a'.repeat(POST_CHAR_LIMIT);
    expect(truncateForTwitter(text)).toEqual({ text, truncated: false });
  });

  it('cuts an over-long post on a word boundary and ends it with an ellipsis', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const { text, truncated } = truncateForTwitter(words);
    expect(truncated).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(postLength(text)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
    const kept = text.slice(0, -1);
    expect(words.startsWith(kept)).toBe(true);
    expect(words.charAt(kept.length)).toBe(' '); // the cut falls between two words
    // As much as fits: one more word would not.
    const nextWord = words.slice(kept.length).trimStart().split(' ')[0] ?? '';
    expect(postLength(`${kept} ${nextWord}…`)).toBeGreaterThan(POST_CHAR_LIMIT);
  });

  it('counts by weight: a CJK post is cut near 140 characters', () => {
    const cjk = Array.from({ length: 40 }, () => '日本語の文章').join(' ');
    const { text, truncated } = truncateForTwitter(cjk);
    expect(truncated).toBe(true);
    expect(postLength(text)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
    expect(text.length).toBeLessThan(150);
  });

  it('keeps a link whole, counted as 23, when it fits', () => {
    const url = 'https://news.example.com/2024/05/an-article-with-a-long-slug';
    const { text } = truncateForTwitter(`${'word '.repeat(50)}${url} ${'tail '.repeat(10)}`);
    expect(text).toBe(`${'word '.repeat(50)}${url} tail…`); // 250 + 23 + 5 + 2 = 280
  });

  it('drops a link that would not fit rather than cut it', () => {
    const url = 'https://news.example.com/2024/05/an-article-with-a-long-slug';
    const { text } = truncateForTwitter(`${'word '.repeat(52)}${url} tail`);
    expect(text).toBe(`${'word '.repeat(52).trimEnd()}…`);
  });

  it('hard-cuts a single word too long to fit', () => {
    const { text, truncated } = truncateForTwitter('x'.repeat(400));
    expect(truncated).toBe(true);
    expect(text).toBe(`${'x'.repeat(278)}…`);
    expect(postLength(text)).toBe(POST_CHAR_LIMIT);
  });

  it('never splits an emoji', () => {
    const { text } = truncateForTwitter('🚀'.repeat(200));
    expect(text).toBe(`${'🚀'.repeat(139)}…`);
    expect(postLength(text)).toBe(POST_CHAR_LIMIT);
  });
});

describe('postCopyText', () => {
  it('strips the numbering of a post that fits', () => {
    expect(postCopyText('A short point. 2/5')).toEqual({ text: 'A short point.', truncated: false });
  });

  it('strips the numbering before deciding whether to truncate', () => {
    const body = 'a'.repeat(278);
    expect(postCopyText(`${body} (2/5)`)).toEqual({ text: body, truncated: false });
  });

  it('truncates a post still over the limit and says so', () => {
    const result = postCopyText(`${'long words '.repeat(40)}3/5`);
    expect(result.truncated).toBe(true);
    expect(postLength(result.text)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
    expect(result.text).not.toMatch(/3\/5/);
  });
});

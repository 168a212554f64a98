import { describe, expect, it } from 'vitest';
import { capHint, firstWebUrl, SHARED_HINT_MAX_LENGTH, sharedArticle } from '#shared/shared-article';

describe('firstWebUrl', () => {
  it('finds the first http(s) URL among words', () => {
    expect(firstWebUrl('Worth a read https://news.example.com/heat?id=4 via @ada')).toBe(
      'https://news.example.com/heat?id=4',
    );
    expect(firstWebUrl('two: http://a.example/x and https://b.example/y')).toBe('http://a.example/x');
  });

  it('leaves out the punctuation and brackets of the sentence around it', () => {
    expect(firstWebUrl('Read this: https://news.example.com/heat.')).toBe('https://news.example.com/heat');
    expect(firstWebUrl('(see https://news.example.com/heat), then…')).toBe('https://news.example.com/heat');
    expect(firstWebUrl('«https://news.example.com/a»')).toBe('https://news.example.com/a');
  });

  it('keeps brackets that belong to the URL', () => {
    expect(firstWebUrl('See https://en.wikipedia.org/wiki/Heat_(physics).')).toBe(
      'https://en.wikipedia.org/wiki/Heat_(physics)',
    );
  });

  it('ignores other schemes and text without a URL', () => {
    expect(firstWebUrl('mailto:ada@example.com ftp://files.example.com/a')).toBeNull();
    expect(firstWebUrl('no link here')).toBeNull();
    expect(firstWebUrl('https:// broken')).toBeNull();
  });
});

describe('capHint', () => {
  it('collapses white space and drops an empty hint', () => {
    expect(capHint('  Cities\n\n trap   heat. ')).toBe('Cities trap heat.');
    expect(capHint(' \n ')).toBeNull();
  });

  it('cuts a long selection to the cap, with an ellipsis', () => {
    const hint = capHint('word '.repeat(200)) ?? '';
    expect(hint.length).toBeLessThanOrEqual(SHARED_HINT_MAX_LENGTH);
    expect(hint.endsWith('word…')).toBe(true);
  });
});

describe('sharedArticle', () => {
  it('takes the shared url, and the shared text as the hint', () => {
    expect(sharedArticle({ url: 'https://news.example.com/heat', text: 'Cities trap heat', title: 'Heat' })).toEqual({
      url: 'https://news.example.com/heat',
      hint: 'Cities trap heat',
    });
  });

  it('finds the URL in the text when no url was shared, keeping the other words as the hint', () => {
    expect(sharedArticle({ text: 'Look at this https://news.example.com/heat so good', title: null })).toEqual({
      url: 'https://news.example.com/heat',
      hint: 'Look at this so good',
    });
    expect(sharedArticle({ url: '', text: 'https://news.example.com/heat' })).toEqual({
      url: 'https://news.example.com/heat',
      hint: null,
    });
  });

  it('prefers the text when the url field holds no web URL, then the title', () => {
    expect(sharedArticle({ url: 'not a url', text: 'see https://a.example/x' }).url).toBe('https://a.example/x');
    expect(sharedArticle({ title: 'Heat https://a.example/t', text: 'no link' })).toEqual({
      url: 'https://a.example/t',
      hint: 'no link',
    });
  });

  it('uses the bookmarklet’s selected text as the hint before anything else', () => {
    expect(sharedArticle({ url: 'https://a.example/x', hint: ' Trees  help. ', text: 'other' }).hint).toBe(
      'Trees help.',
    );
  });

  it('keeps what was shared when no web URL is in it, so the field shows it with its error', () => {
    expect(sharedArticle({ url: 'javascript:alert(1)', text: 'hello' })).toEqual({
      url: 'javascript:alert(1)',
      hint: 'hello',
    });
    expect(sharedArticle({ text: 'just words' })).toEqual({ url: '', hint: 'just words' });
  });
});

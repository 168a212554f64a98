import { describe, expect, it } from 'vitest';
import { hostOf, validateArticleUrl } from '#shared/url';

const INVALID = { ok: false, error: 'Please enter a valid URL' };

describe('validateArticleUrl', () => {
  it('accepts an https article URL and removes the trailing slash', () => {
    expect(validateArticleUrl('https://news.example.com/2024/story/')).toEqual({
      ok: true,
      url: 'https://news.example.com/2024/story',
    });
    expect(validateArticleUrl('https://example.com/')).toEqual({ ok: true, url: 'https://example.com' });
  });

  it('accepts http and trims surrounding whitespace', () => {
    expect(validateArticleUrl('  http://blog.example.org/post  \n')).toEqual({
      ok: true,
      url: 'http://blog.example.org/post',
    });
  });

  it('keeps the query and fragment, including a slash that ends them', () => {
    expect(validateArticleUrl('https://example.com/a?id=42&ref=home')).toEqual({
      ok: true,
      url: 'https://example.com/a?id=42&ref=home',
    });
    expect(validateArticleUrl('https://example.com/?next=/')).toEqual({ ok: true, url: 'https://example.com/?next=/' });
  });

  it('normalises the scheme and host case', () => {
    expect(validateArticleUrl('HTTPS://News.Example.COM/Story')).toEqual({
      ok: true,
      url: 'https://news.example.com/Story',
    });
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   '],
    ['no scheme', 'example.com/article'],
    ['ftp', 'ftp://example.com/file'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['mailto', 'mailto:someone@example.com'],
    ['scheme only', 'https://'],
    ['space in host', 'http://exa mple.com'],
    ['plain words', 'not a url'],
  ])('refuses %s with the spec message', (_, input) => {
    expect(validateArticleUrl(input)).toEqual(INVALID);
  });
});

describe('hostOf', () => {
  it('gives the host name of a web URL', () => {
    expect(hostOf('https://www.example.co.uk/news/1')).toBe('www.example.co.uk');
    expect(hostOf('http://localhost:8080/a')).toBe('localhost');
  });

  it('is null for anything that is not an http(s) URL', () => {
    expect(hostOf('not a url')).toBeNull();
    expect(hostOf('javascript:alert(1)')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { SHARED_HINT_MAX_LENGTH } from '#shared/shared-article';
import { bookmarkletHref } from '#web/features/create/lib/bookmarklet';
import { sharedArticleFromSearch } from '#web/features/create/lib/shared-arrival';

/** Runs the bookmarklet as a browser would on a page (its address and selection), returning where it went. */
function clickOn(href: string, page: { href: string; selection: string }): URL {
  expect(href.startsWith('javascript:')).toBe(true);
  const code = decodeURIComponent(href.slice('javascript:'.length));
  const location = { href: page.href };
  const window = { getSelection: () => ({ toString: () => page.selection }) };
  new Function('window', 'location', code)(window, location);
  return new URL(location.href);
}

describe('bookmarkletHref', () => {
  it('opens /create on the site with the page’s address and the selected text', () => {
    const article = 'https://news.example.com/heat?page=2&lang=en#comments';
    const opened = clickOn(bookmarkletHref('https://threadsnip.example.com'), {
      href: article,
      selection: '  Cities trap\n heat. ',
    });
    expect(opened.origin).toBe('https://threadsnip.example.com');
    expect(opened.pathname).toBe('/create');
    expect(opened.searchParams.get('url')).toBe(article);
    expect(opened.searchParams.get('hint')).toBe('Cities trap heat.');
    expect(sharedArticleFromSearch(opened.searchParams)).toEqual({ url: article, hint: 'Cities trap heat.' });
  });

  it('always sends a hint, empty without a selection, so /create only prefills', () => {
    const opened = clickOn(bookmarkletHref('http://localhost:3000/'), { href: 'https://a.example/x', selection: '' });
    expect(opened.href).toBe('http://localhost:3000/create?url=https%3A%2F%2Fa.example%2Fx&hint=');
    expect(sharedArticleFromSearch(opened.searchParams)).toEqual({ url: 'https://a.example/x', hint: null });
  });

  it('caps a long selection, so the address stays short', () => {
    const opened = clickOn(bookmarkletHref('https://threadsnip.example.com'), {
      href: 'https://a.example/x',
      selection: 'x'.repeat(5000),
    });
    expect(opened.searchParams.get('hint')).toHaveLength(SHARED_HINT_MAX_LENGTH);
  });

  it('is one percent-encoded line, safe to store as a bookmark', () => {
    const href = bookmarkletHref('https://threadsnip.example.com');
    expect(href).not.toMatch(/[\s"<>]/);
  });
});

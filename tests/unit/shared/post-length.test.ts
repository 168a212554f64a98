import { describe, expect, it } from 'vitest';
import { charactersOver, fitsPostLimit, POST_CHAR_LIMIT, postLength } from '#shared/post-length';

describe('postLength (weighted as Twitter counts)', () => {
  it('counts plain Latin text one per character, accents included', () => {
    expect(postLength('Hello, world!')).toBe(13);
    expect(postLength('café naïve')).toBe(10);
  });

  it('counts every link as 23, however long or short it is written', () => {
    const long = 'https://news.example.com/2024/05/a-very-long-article-slug-that-goes-on?utm_source=feed';
    expect(postLength(long)).toBe(23);
    expect(postLength('https://t.co')).toBe(23);
    expect(postLength('example.com/path')).toBe(23);
    expect(postLength(`Read this: ${long}`)).toBe('Read this: '.length + 23);
  });

  it('counts an emoji as 2, including skin-tone and family sequences', () => {
    expect(postLength('🚀')).toBe(2);
    expect(postLength('👍🏽')).toBe(2);
    expect(postLength('👨‍👩‍👧')).toBe(2);
    expect(postLength('Launch 🚀')).toBe(9);
  });

  it('counts CJK and Hangul characters as 2', () => {
    expect(postLength('日本語')).toBe(6);
    expect(postLength('한국')).toBe(4);
  });

  it('is 0 for an empty post', () => {
    expect(postLength('')).toBe(0);
  });
});

describe('limit checks', () => {
  it('the limit is 280', () => {
    expect(POST_CHAR_LIMIT).toBe(280);
  });

  it('a post of exactly 280 fits; 281 is over by 1', () => {
    expect(fitsPostLimit('a'.repeat(280))).toBe(true);
    expect(charactersOver('a'.repeat(280))).toBe(0);
    expect(fitsPostLimit('a'.repeat(281))).toBe(false);
    expect(charactersOver('a'.repeat(281))).toBe(1);
  });

  it('uses the weighted count, not the string length', () => {
    const cjk = '字'.repeat(141); // 141 characters, weight 282
    expect(cjk.length).toBeLessThan(POST_CHAR_LIMIT);
    expect(charactersOver(cjk)).toBe(2);
    const withLink = `${'a'.repeat(256)} https://example.com/${'x'.repeat(200)}`; // 256 + 1 + 23
    expect(withLink.length).toBeGreaterThan(POST_CHAR_LIMIT);
    expect(fitsPostLimit(withLink)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { encodeTextDirectiveTerm, textDirective, textFragmentUrl } from '#shared/text-fragment';

/** The terms a browser reads back from a directive value: split on the unencoded commas, then decoded. */
function termsOf(directive: string): string[] {
  return directive.split(',').map((term) => decodeURIComponent(term));
}

describe('text-fragment encoder', () => {
  it('percent-encodes dashes, commas and ampersands so they cannot be read as syntax', () => {
    const encoded = encodeTextDirectiveTerm('well-known, fast & cheap');
    expect(encoded).toBe('well%2Dknown%2C%20fast%20%26%20cheap');
    expect(encoded).not.toMatch(/[-,&]/);
  });

  it('quotes a short passage whole, whitespace collapsed', () => {
    expect(textDirective('  The  "state-of-the-art"\nmodel ')).toBe(
      encodeTextDirectiveTerm('The "state-of-the-art" model'),
    );
    expect(termsOf(textDirective('Rates rose, then fell.') ?? '')).toEqual(['Rates rose, then fell.']);
  });

  it('keeps quotes and non-Latin text as UTF-8 that decodes back exactly', () => {
    const passage = '«Ночь» — 東京の夜、‘quoted’';
    const directive = textDirective(passage) ?? '';
    expect(directive).not.toMatch(/[^\x21-\x7e]/);
    expect(termsOf(directive)).toEqual([passage]);
  });

  it('names a long passage by its first and last words (start,end)', () => {
    const passage = `Officials said on Tuesday, that the bridge - closed since May - would reopen ${'after repairs '.repeat(60)}in the spring & summer.`;
    const directive = textDirective(passage) ?? '';
    expect(termsOf(directive)).toEqual(['Officials said on Tuesday,', 'the spring & summer.']);
    expect(directive.length).toBeLessThan(120);
  });

  it('builds the link on the page URL, dropping its own anchor', () => {
    expect(textFragmentUrl('https://example.com/a?b=1#top', 'hello world')).toBe(
      'https://example.com/a?b=1#:~:text=hello%20world',
    );
    expect(textFragmentUrl('https://example.com/a', '   ')).toBe('https://example.com/a');
  });
});

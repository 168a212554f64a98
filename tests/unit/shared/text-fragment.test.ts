import { describe, expect, it } from 'vitest';
import {
  type DirectiveTerms,
  directiveForRange,
  directiveUrl,
  encodeTextDirectiveTerm,
  findDirectiveRange,
  type MatchableText,
  matchableText,
  passageDirective,
  textDirective,
} from '#shared/text-fragment';

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
    expect(directiveUrl('https://example.com/a?b=1#top', textDirective('hello world'))).toBe(
      'https://example.com/a?b=1#:~:text=hello%20world',
    );
    expect(directiveUrl('https://example.com/a', textDirective('   '))).toBe('https://example.com/a');
  });
});

/** The directive's terms as a browser reads them: `prefix-`, start, end, `-suffix`, each decoded. */
function parseDirective(directive: string): DirectiveTerms {
  const parts = directive.split(',').map((part) => part);
  const terms: DirectiveTerms = { start: '' };
  if (parts[0]?.endsWith('-')) terms.prefix = decodeURIComponent(parts.shift()?.slice(0, -1) ?? '');
  if (parts.at(-1)?.startsWith('-')) terms.suffix = decodeURIComponent(parts.pop()?.slice(1) ?? '');
  terms.start = decodeURIComponent(parts[0] ?? '');
  if (parts[1] !== undefined) terms.end = decodeURIComponent(parts[1]);
  return terms;
}

const fold = (term: string | undefined) => (term === undefined ? undefined : matchableText(term).text);

/** What a browser highlights for a directive on the page: its text as written, whitespace collapsed. */
function highlighted(page: MatchableText, directive: string): string | null {
  const terms = parseDirective(directive);
  const range = findDirectiveRange(page, {
    prefix: fold(terms.prefix),
    start: fold(terms.start) ?? '',
    end: fold(terms.end),
    suffix: fold(terms.suffix),
  });
  if (!range) return null;
  const [start, end] = range;
  return page.source
    .slice(page.from[start], page.to[end - 1])
    .replace(/\s+/g, ' ')
    .trim();
}

// Two letters of an advice column open with the same words: the second one is the passage.
const FIRST_LETTER =
  'DEAR ABBY: My husband snores so loudly that I have moved to the guest room, and now his mother says I am the one ruining the marriage. Who is right? — SLEEPLESS IN SALEM';
const SECOND_LETTER =
  'DEAR ABBY: My husband and I disagree about whether our teenage son should pay rent now that he works full time.';
const ADVICE_PAGE = [
  'Dear Abby',
  'Advice',
  FIRST_LETTER,
  'DEAR SLEEPLESS: Neither of you. Earplugs, and a frank talk with your mother-in-law, are in order.',
  SECOND_LETTER,
  'DEAR DIVIDED: Charging a small rent teaches budgeting; put it aside and give it back when he moves out.',
].join('\n\n');

describe('text directives checked against the page', () => {
  it('shows the fault it fixes: first and last words alone highlight from the earlier letter on', () => {
    const page = matchableText(ADVICE_PAGE);
    const legacy = highlighted(page, textDirective(SECOND_LETTER) ?? '');
    expect(legacy?.startsWith(FIRST_LETTER)).toBe(true);
    expect(legacy?.length).toBeGreaterThan(SECOND_LETTER.length * 2);
  });

  it('lengthens a start that occurs earlier on the page until the second letter alone is highlighted', () => {
    const page = matchableText(ADVICE_PAGE);
    const directive = passageDirective(SECOND_LETTER, page) ?? '';
    expect(highlighted(page, directive)).toBe(SECOND_LETTER);
    expect(parseDirective(directive).start).toBe('DEAR ABBY: My husband and');
    // The first letter, whose start is the same, still gets a link of its own.
    expect(highlighted(page, passageDirective(FIRST_LETTER, page) ?? '')).toBe(FIRST_LETTER);
  });

  it('is not caught by an image caption that repeats the sentence’s opening words', () => {
    const sentence =
      'The mayor cut the ribbon on Tuesday morning, ending eleven years of delays and two lawsuits over the bridge.';
    const source = [
      'City news',
      'The mayor cut the ribbon on Tuesday morning. Photo: Lee Park',
      'A crowd of about 300 gathered on the east bank.',
      sentence,
      'Traffic is expected to use the new span from Friday.',
    ].join('\n\n');
    const page = matchableText(source);
    expect(highlighted(page, textDirective(sentence) ?? '')).not.toBe(sentence);
    expect(highlighted(page, passageDirective(sentence, page) ?? '')).toBe(sentence);
  });

  it('tells apart a phrase repeated three times by its context, landing on the one in the article', () => {
    const slogan = 'Every vote counts.';
    const source = [
      `Election special: ${slogan}`,
      `Volunteers knocked on doors all week. ${slogan} That was the message in every street.`,
      `The turnout was the highest in decades. ${slogan} Officials expect the count to finish on Sunday.`,
      `Sign up for our newsletter. ${slogan}`,
    ].join('\n\n');
    const article = matchableText(source.split('\n\n').slice(1, 3).join('\n\n'));
    const page = matchableText(source);
    // The article's second mention, found by the words around it in the article text.
    const articleWithSecond = matchableText(
      'The turnout was the highest in decades. Every vote counts. Officials expect',
    );
    const directive = passageDirective(slogan, page, () => articleWithSecond) ?? '';
    const range = findDirectiveRange(page, {
      prefix: fold(parseDirective(directive).prefix),
      start: fold(parseDirective(directive).start) ?? '',
      suffix: fold(parseDirective(directive).suffix),
    });
    expect(highlighted(page, directive)).toBe(slogan);
    expect(range?.[0]).toBe(page.text.indexOf('every vote counts. officials'));
    // Without the article's words around it, the first mention in the article text is the one linked.
    const first = passageDirective(slogan, page, () => article) ?? '';
    expect(findDirectiveRange(page, { ...parseDirectiveFolded(first) })?.[0]).toBe(
      page.text.indexOf('every vote counts. that was'),
    );
  });

  it('gives no directive for a passage that is not in the page’s text, such as a headline from <title>', () => {
    const page = matchableText('Bridge opens\n\nThe new bridge opened on Tuesday after eleven years of work.');
    expect(passageDirective('Eleven years late, the Riverside bridge finally opens to traffic', page)).toBeNull();
    expect(passageDirective('   ', page)).toBeNull();
  });

  it('links a passage clipped mid-word (as stored, at most 2,000 characters) up to its last whole word', () => {
    const page = matchableText('The new bridge opened on Tuesday after eleven years of work.');
    const directive = passageDirective('The new bridge opened on Tuesday after eleven years of wo', page) ?? '';
    expect(highlighted(page, directive)).toBe('The new bridge opened on Tuesday after eleven years of');
  });

  it('matches without case or accents and on word boundaries, as browsers do', () => {
    const page = matchableText('CAFÉ OWNERS PROTEST\n\nThe café owners said the rents had doubled since spring.');
    const passage = 'The café owners said the rents had doubled since spring.';
    expect(highlighted(page, passageDirective(passage, page) ?? '')).toBe(passage);
    // 'he' is not a word of 'the': a prefix must start on a word boundary, a term must end on one.
    expect(findDirectiveRange(page, { start: 'he' })).toBeNull();
    expect(findDirectiveRange(page, { prefix: 'e', start: 'cafe' })).toBeNull();
    expect(findDirectiveRange(page, { start: 'cafe owners' })?.[0]).toBe(0);
    // A decomposed accent (e + U+0301) folds to the same letter and maps back to the page's own characters.
    const decomposed = matchableText('Le cafe\u0301 du coin ferme.\n\nLe café du coin rouvre lundi.');
    expect(highlighted(decomposed, passageDirective('Le café du coin ferme.', decomposed) ?? '')).toBe(
      'Le cafe\u0301 du coin ferme.',
    );
    expect(highlighted(decomposed, passageDirective('Le café du coin rouvre lundi.', decomposed) ?? '')).toBe(
      'Le café du coin rouvre lundi.',
    );
  });

  it('gives up on a passage whose every occurrence has the same surroundings, unless it is the first', () => {
    const copy = 'Contents\n\nThe council voted to close the pool for repairs this summer.\n\nMore news';
    const page = matchableText(`${copy}\n\n${copy}`);
    const second = page.text.lastIndexOf('the council voted');
    const end = second + 'the council voted to close the pool for repairs this summer.'.length;
    expect(directiveForRange(page, second, end)).toBeNull();
    expect(
      directiveForRange(
        page,
        page.text.indexOf('the council voted'),
        end - (second - page.text.indexOf('the council voted')),
      ),
    ).not.toBeNull();
  });

  it('quotes a passage across two blocks by its ends, since no term may cross a block boundary', () => {
    const source = 'Intro\n\nThe first block ends here.\n\nThe second block starts here and goes on.';
    const page = matchableText(source);
    const passage = 'The first block ends here. The second block starts here';
    const directive = passageDirective(passage, page) ?? '';
    expect(highlighted(page, directive)).toBe(passage);
    expect(decodeURIComponent(directive)).not.toContain('here. The');
  });
});

function parseDirectiveFolded(directive: string): DirectiveTerms {
  const terms = parseDirective(directive);
  return {
    prefix: fold(terms.prefix),
    start: fold(terms.start) ?? '',
    end: fold(terms.end),
    suffix: fold(terms.suffix),
  };
}

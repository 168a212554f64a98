import { describe, expect, it } from 'vitest';
import {
  QUOTE_CARD_MAX_CHARS,
  quoteCardAlt,
  quoteCardCredit,
  quoteCardPassage,
  quoteCardRefusalMessages,
  suggestQuoteCard,
} from '#shared/quote-card';
import type { ArticleRights } from '#shared/schemas/article';
import type { Post } from '#shared/schemas/thread';
import { articleRights } from '#tests/helpers/article-rights';

const TITLE = 'City council approves the new harbour plan';
const ATTRIBUTION: Post = {
  id: 'post-9',
  content: 'Thread created by threadsnip.app. Read original article at: https://www.paper.example/harbour',
  charCount: 90,
};

function post(id: string, source?: string): Post {
  return { id, content: `${id} text`, charCount: 10, ...(source ? { source } : {}) };
}

function threadOf(posts: Post[], rights?: ArticleRights) {
  return { title: TITLE, posts: [...posts, ATTRIBUTION], ...(rights ? { rights } : {}) };
}

const RESERVED = articleRights({ reservation: true, reservationSource: 'tdmrep.json' });

describe('quoteCardPassage', () => {
  it('puts a whole sentence of the article on the card as it is', () => {
    const sentence = 'The council voted 7 to 2 on Tuesday to rebuild the harbour wall.';
    const body = post('post-1', sentence);

    expect(quoteCardPassage(body, threadOf([body]))).toEqual({ passage: sentence, shortened: false });
  });

  it('takes the longest quotation from a source that is not a whole sentence', () => {
    const body = post('post-2', 'said on Tuesday that “the wall will stand for a century” and “it is paid”');

    expect(quoteCardPassage(body, threadOf([body]))).toEqual({
      passage: 'the wall will stand for a century',
      shortened: false,
    });
  });

  it('accepts sentences of scripts without capitals and with their own full stop', () => {
    const body = post('post-1', '市议会周二以七票对两票通过了重建港口的计划。');

    expect(quoteCardPassage(body, threadOf([body])).passage).toBe('市议会周二以七票对两票通过了重建港口的计划。');
  });

  it('refuses the attribution, a post without a source, the headline and a fragment, saying why', () => {
    const noSource = post('post-1');
    const headline = post('post-0', TITLE);
    const fragment = post('post-2', 'the harbour wall, which the council');
    const thread = threadOf([headline, noSource, fragment]);

    expect(quoteCardPassage(ATTRIBUTION, thread)).toEqual({ passage: null, reason: 'attribution' });
    expect(quoteCardPassage(noSource, thread)).toEqual({ passage: null, reason: 'no-source' });
    expect(quoteCardPassage(headline, thread)).toEqual({ passage: null, reason: 'headline' });
    expect(quoteCardPassage(fragment, thread)).toEqual({ passage: null, reason: 'not-a-passage' });
    expect(quoteCardRefusalMessages['not-a-passage']).toBe(
      "This post's source is neither a whole sentence nor a quotation of the article.",
    );
  });

  it('refuses a passage too long to read on a card', () => {
    const body = post('post-1', `${'The wall is long. '.repeat(40).trim()}`);

    expect(body.source?.length).toBeGreaterThan(QUOTE_CARD_MAX_CHARS);
    expect(quoteCardPassage(body, threadOf([body]))).toEqual({ passage: null, reason: 'too-long' });
  });

  it('cuts the passage after a whole word within the short-quote word limit, marked with an ellipsis', () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i + 1}`);
    const body = post('post-1', `Harbour ${words.join(' ')}.`);

    const card = quoteCardPassage(body, threadOf([body], RESERVED));

    expect(card).toEqual({ passage: `Harbour ${words.slice(0, 24).join(' ')}…`, shortened: true });
  });

  it('keeps the characters of a max-snippet limit, and refuses when fewer than three words would remain', () => {
    const body = post('post-1', 'The council voted on Tuesday, after a long night, to rebuild the wall.');
    const snippet = (maxSnippet: number) => threadOf([body], { ...RESERVED, reservation: false, maxSnippet });

    expect(quoteCardPassage(body, snippet(30))).toEqual({ passage: 'The council voted on Tuesday…', shortened: true });
    expect(quoteCardPassage(body, snippet(12))).toEqual({ passage: null, reason: 'quote-limit' });
    expect(quoteCardPassage(body, snippet(200))).toEqual({ passage: body.source, shortened: false });
  });
});

describe('quoteCardCredit and quoteCardAlt', () => {
  const passage = 'The council voted 7 to 2 to rebuild the harbour wall.';

  it('credits the author, the outlet and the domain without www.', () => {
    const credit = quoteCardCredit({ author: ' Jane  Doe ', sourceUrl: 'https://www.paper.example/a' }, 'The Paper');

    expect(credit).toEqual({ author: 'Jane Doe', outlet: 'The Paper', domain: 'paper.example' });
    expect(quoteCardAlt(passage, credit)).toBe(
      '“The council voted 7 to 2 to rebuild the harbour wall.” — Jane Doe, The Paper (paper.example)',
    );
  });

  it('leaves out what is unknown', () => {
    const domain = 'paper.example';

    expect(quoteCardAlt(passage, { author: 'Jane Doe', outlet: null, domain })).toBe(
      `“${passage}” — Jane Doe (${domain})`,
    );
    expect(quoteCardAlt(passage, { author: null, outlet: 'The Paper', domain })).toBe(
      `“${passage}” — The Paper (${domain})`,
    );
    expect(quoteCardAlt(passage, { author: null, outlet: null, domain })).toBe(`“${passage}” — ${domain}`);
    expect(quoteCardAlt(passage, { author: null, outlet: null, domain: null })).toBe(`“${passage}”`);
  });

  it('has no outlet when the thread does not know the site name', () => {
    expect(quoteCardCredit({ author: null, sourceUrl: 'https://paper.example/a' })).toEqual({
      author: null,
      outlet: null,
      domain: 'paper.example',
    });
  });
});

describe('suggestQuoteCard', () => {
  const plain = (id: string) =>
    post(id, `The harbour wall ${id.replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)))} was built of stone.`);
  const figure = post('post-3', 'The rebuilt wall will cost 14.5 million euros.');
  const quotation = post('post-4', 'The mayor said: “This wall will stand for a century.”');

  it('suggests the post quoting someone in a thread of six posts or more', () => {
    const thread = threadOf([plain('post-0'), plain('post-1'), plain('post-2'), figure, quotation]);

    expect(suggestQuoteCard(thread)).toBe('post-4');
  });

  it('suggests the key figure when no source holds a quotation', () => {
    const thread = threadOf([plain('post-0'), plain('post-1'), plain('post-2'), figure, plain('post-4')]);

    expect(suggestQuoteCard(thread)).toBe('post-3');
  });

  it('counts a year alone as no figure, and suggests nothing in a thread of fewer than six posts', () => {
    const years = post('post-3', 'The wall was first built in 1887.');

    expect(
      suggestQuoteCard(threadOf([plain('post-0'), plain('post-1'), plain('post-2'), years, plain('post-4')])),
    ).toBe(null);
    expect(suggestQuoteCard(threadOf([plain('post-0'), figure, quotation]))).toBe(null);
  });
});

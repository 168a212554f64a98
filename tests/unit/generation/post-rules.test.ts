import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { firstNamesIn, hashtagProblem, pickHashtags, toHashtag } from '#functions/services/generation/draft/hashtags';
import {
  balanceQuotes,
  dropConnective,
  quotesBalanced,
  startsDangling,
} from '#functions/services/generation/draft/post-rules';
import { standalonePosts } from '#functions/services/generation/draft/standalone';
import { contract, creditPhrase } from '#functions/services/generation/draft/tone-writer';
import { analyseText } from '#functions/services/text/nlp';
import { TONES } from '#shared/tones';
import { fixtureArticle } from './synthetic-articles';
import { expectValidThread } from './thread-invariants';

describe('standalone posts', () => {
  it('flags pronoun and connective starts and drops a connective', () => {
    expect(startsDangling('But the council did not give up.')).toBe(true);
    expect(startsDangling('He said so.')).toBe(true);
    expect(startsDangling('The council did not give up.')).toBe(false);
    expect(dropConnective('However, the plan worked.')).toBe('The plan worked.');
    expect(dropConnective('But they left.')).toBeNull();
  });

  it('joins a pronoun sentence to its antecedent, or leaves it out when they do not fit together', () => {
    const text = 'Maria Lopez founded the clinic in 2010. She still runs it every day.\n\nHe left.';
    const analysed = analyseText(text);

    const posts = standalonePosts(analysed, [
      { position: 1, text: 'She still runs it every day.', score: 1 },
      { position: 2, text: 'He left.', score: 1 },
    ]);

    expect(posts.map((p) => p.content)).toEqual([
      'Maria Lopez founded the clinic in 2010. She still runs it every day.',
    ]);
  });
});

describe('quote balance', () => {
  it('removes a stray mark and keeps matched ones', () => {
    expect(balanceQuotes('He called it “a disaster.')).toBe('He called it a disaster.');
    expect(balanceQuotes('The plan was "bold" and "new.')).toBe('The plan was "bold" and new.');
    expect(quotesBalanced(balanceQuotes('a ” b “ c ” d'))).toBe(true);
  });
});

describe('hashtag rules', () => {
  it('writes multi-word tags in CamelCase and refuses stop words, short words and bare first names', () => {
    const names = firstNamesIn('Mike Ford wrote it. Later Mike Ford left.', null);

    expect(toHashtag('open source')).toBe('#OpenSource');
    expect(hashtagProblem('#mike', names)).toBe('a bare first name');
    expect(hashtagProblem('#the', names)).toBe('a stop word');
    expect(hashtagProblem('#ai', names)).toBe('shorter than 3 letters');
    expect(hashtagProblem('#OpenSource', names)).toBeNull();
  });

  it('prefers recurring named entities and multi-word themes over common nouns and first names', () => {
    const text = 'John Ford wrote novels. John Ford loved his family. Critics praised John Ford and his book.';

    const tags = pickHashtags({ text, themes: ['family', 'book', 'science fiction', 'mike'], byline: 'Mike Smith' });

    expect(tags).toEqual(['#JohnFord', '#ScienceFiction']);
  });
});

describe('tones and hook', () => {
  it('contracts outside quotations only and credits author and publication', () => {
    expect(contract('It is late and "we are not done".')).toBe('It\'s late and "we are not done".');
    expect(creditPhrase({ byline: 'By Jane Doe', siteName: 'The Atlantic' })).toBe('by Jane Doe in The Atlantic');
    expect(creditPhrase({ byline: null, siteName: null })).toBe('');
  });

  it('gives each tone its own hook and register without new numbers', async () => {
    const article = fixtureArticle('heat-pump-retrofit');
    const threads = await Promise.all(
      TONES.map((tone) =>
        generateThread({ article: { ...article, byline: 'Ana Ruiz' }, tone, appHost: 'threadsnip.app' }),
      ),
    );

    expect(new Set(threads.map((t) => t.posts[0]?.content)).size).toBe(TONES.length);
    for (const thread of threads) expect(thread.hallucination.reason).not.toMatch(/numbers? not found/);
    const educational = threads[TONES.indexOf('educational')]?.posts.map((p) => p.content).join('\n') ?? '';
    expect(educational).toContain('Why it matters:');
    const persuasive = threads[TONES.indexOf('persuasive')]?.posts.map((p) => p.content).join('\n') ?? '';
    expect(persuasive).toContain('The original, by Ana Ruiz, has what this thread leaves out');
  });
});

describe('bad input', () => {
  const cases: Record<string, string> = {
    'no title, no byline, short':
      'The bridge reopened on Monday after two years of repairs. Traffic returned within hours.',
    'a list': '- Buy a kettle.\n- Boil the water.\n- Pour it over the tea leaves and wait three minutes.',
    'questions and answers':
      'Q: Why did the council close the pool?\nA: The roof was unsafe, inspectors said.\nQ: When will it reopen?\nA: Not before the spring, the council said.',
    'not English':
      'La ciudad abrió una nueva biblioteca el lunes. Los vecinos llenaron las salas durante todo el día. "Es un sueño", dijo la alcaldesa.',
    'mostly quotes': '"We will rebuild," she said. "It will take years." "But we will not leave," he added. "Never."',
  };

  for (const [name, content] of Object.entries(cases)) {
    it(`gives a valid thread for ${name}`, async () => {
      const article = { url: 'https://example.org/a', title: '', content };

      const thread = await generateThread({ article, tone: 'humorous', appHost: 'threadsnip.app' });

      expectValidThread(thread.posts, article, 'threadsnip.app');
      for (const post of thread.posts) expect(quotesBalanced(post.content)).toBe(true);
    });
  }
});

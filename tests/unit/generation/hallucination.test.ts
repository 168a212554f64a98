import { describe, expect, it } from 'vitest';
import { assessHallucination } from '#functions/services/generation/draft/hallucination';
import { fixtureArticle } from './synthetic-articles';

const article = fixtureArticle('heat-pump-retrofit');
const articleText = `${article.title}\n\n${article.content}`;
const attribution = { content: 'Thread created by threadsnip.app. Read original article at: https://x.example/1' };
const hook = { content: 'How one city cut heating bills\n\n#HeatPumps #energy2030' };

function thread(...bodies: string[]) {
  return [hook, ...bodies.map((b, i) => ({ content: `${i + 1}/ ${b}` })), attribution];
}

describe('assessHallucination', () => {
  it('rates a faithful thread low', () => {
    const posts = thread(
      'Vellmar Bay has fitted 3,120 homes with heat pumps, and heating bills fell by 31 percent.',
      'Ingrid Solberg said: "People were not against heat pumps."',
      'The typical retrofit cost 9,800 euros; homeowners paid 2,400 euros over ten years.',
    );

    const result = assessHallucination(posts, articleText);

    expect(result.risk).toBe('low');
    expect(result.reason).toBe('All numbers, names and quotes in the posts appear in the article.');
  });

  it('names invented numbers in the reason and rates them medium', () => {
    const posts = thread('Heating bills fell by 47% after the programme began in 2019.');

    const result = assessHallucination(posts, articleText);

    expect(result.risk).toBe('medium');
    expect(result.reason).toBe('2 numbers not found in the article: 47%, 2019.');
  });

  it('flags an invented name', () => {
    const posts = thread('Mayor Pietro Albani praised the council for the programme.');

    const result = assessHallucination(posts, articleText);

    expect(result.risk).not.toBe('low');
    expect(result.reason).toContain('Pietro Albani');
  });

  it('rates an invented quotation at least medium, and several inventions high', () => {
    const quote = thread('Solberg said: "This is the greatest energy revolution in our history."');
    const many = thread(
      'Solberg said: "This is the greatest energy revolution in our history."',
      'Minister Karl Brandt pledged 500 million euros in 2026.',
    );

    expect(assessHallucination(quote, articleText).risk).toBe('medium');
    expect(assessHallucination(quote, articleText).reason).toContain('1 quote not found in the article');
    expect(assessHallucination(many, articleText).risk).toBe('high');
  });

  it('accepts a quotation shortened with an ellipsis when both parts are in the article', () => {
    const posts = thread('"I used to heat one room … Now the whole place is comfortable," Wierzbicki said.');

    expect(assessHallucination(posts, articleText).risk).toBe('low');
  });

  it('ignores hashtags, numbering, links and the attribution', () => {
    const posts = thread('Read more at https://example.com/2099/report about the 3,120 homes.');

    expect(assessHallucination(posts, articleText).risk).toBe('low');
  });

  it('flags wording that is mostly not from the article', () => {
    const posts = thread(
      'Quantum telescopes discovered luminous pulsars orbiting distant galaxies beyond nebulae.',
      'Astronomers celebrated spectacular observations using sophisticated interferometry instruments worldwide.',
    );

    const result = assessHallucination(posts, articleText);

    expect(result.risk).not.toBe('low');
    expect(result.reason).toMatch(/% of the thread's key words do not appear in the article\./);
  });

  it('reports the generated share of the article as contentRatio', () => {
    const posts = [{ content: 'x'.repeat(100) }, attribution];

    expect(assessHallucination(posts, 'y'.repeat(1000)).contentRatio).toBe(0.1);
    expect(assessHallucination(posts, '').contentRatio).toBe(0);
  });
});

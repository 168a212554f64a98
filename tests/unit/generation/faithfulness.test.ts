import { describe, expect, it } from 'vitest';
import { articleReference, checkPost, withChecks } from '#functions/services/generation/draft/faithfulness';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { TONES } from '#shared/tones';
import { FIXTURES, fixtureArticle } from './synthetic-articles';

const heat = fixtureArticle('heat-pump-retrofit');
const article = articleReference(`${heat.title}\n\n${heat.content}`);

describe('checkPost', () => {
  it('passes a post whose numbers, quotation and names are the article’s, and counts them', () => {
    const check = checkPost(
      { content: '2/ Ingrid Solberg said people "were not against heat pumps." 3,120 homes, bills down 31 percent.' },
      article,
    );

    expect(check).toEqual({ status: 'checked', found: { numbers: 2, quotes: 1, names: 1 } });
  });

  it('names each number, quotation and name the article lacks', () => {
    const check = checkPost(
      { content: 'Mayor Pietro Albani said: "Heat pumps will save the planet." Bills fell 47% in 2019.' },
      article,
    );

    expect(check.status).toBe('failed');
    expect(check.missing).toEqual([
      { kind: 'number', text: '47%' },
      { kind: 'number', text: '2019' },
      { kind: 'quote', text: 'Heat pumps will save the planet.' },
      { kind: 'name', text: 'Mayor Pietro Albani' },
    ]);
  });

  it('reads thousands separators, percent signs, curly quotes and the case of names as the article writes them', () => {
    const spaced = articleReference(
      'The city fitted 3\u00a0120 homes. Ingrid Solberg said "people were not against heat pumps".',
    );

    expect(checkPost({ content: 'The city fitted 3,120 homes.' }, spaced).status).toBe('checked');
    expect(checkPost({ content: 'Bills fell by 31%.' }, article).status).toBe('checked');
    expect(checkPost({ content: 'Solberg: “People were NOT against heat pumps.”' }, spaced).status).toBe('checked');
    expect(checkPost({ content: 'As INGRID SOLBERG put it, the plan worked.' }, spaced).status).toBe('checked');
    expect(checkPost({ content: 'The city fitted 3,121 homes.' }, spaced).missing).toEqual([
      { kind: 'number', text: '3,121' },
    ]);
  });

  it('finds a name the tokenizer cuts out of a longer word', () => {
    const cars = articleReference('The SPACE VIZZION 4Motion would offer 335 horsepower.');

    expect(checkPost({ content: 'The SPACE VIZZION 4Motion offers 335 horsepower.' }, cars).status).toBe('checked');
  });

  it('checks the cited source passage: found word for word (case and punctuation aside), else named', () => {
    const found = checkPost(
      {
        content: 'Insulation mattered.',
        source: 'insulation turned out to matter as much as the heat pumps themselves',
      },
      article,
    );
    const invented = checkPost({ content: 'Insulation mattered.', source: 'Insulation was the real hero.' }, article);
    const empty = checkPost({ content: 'Insulation mattered.', source: ' ' }, article);

    expect(found.status).toBe('checked');
    expect(invented.missing).toEqual([{ kind: 'source', text: 'Insulation was the real hero.' }]);
    expect(empty.missing).toEqual([{ kind: 'source', text: '' }]);
  });

  it('ignores numbering, hashtags and links, and leaves the attribution unchecked', () => {
    const posts = withChecks(
      [
        { id: 'post-0', content: 'How one city cut its heating bills\n\n#HeatPumps #energy2030', charCount: 0 },
        { id: 'post-1', content: '12/ More at https://example.com/2099/report', charCount: 0 },
        {
          id: 'post-2',
          content: 'Thread created by threadsnip.app. Read original article at: https://x.example/1',
          charCount: 0,
        },
      ],
      heat.content,
    );

    expect(posts.map((p) => p.check?.status)).toEqual(['checked', 'checked', undefined]);
  });
});

describe('the offline writer against the same check', () => {
  it('writes no post that fails it, in any tone, on the fixture articles', async () => {
    for (const name of FIXTURES) {
      const fixture = fixtureArticle(name);
      for (const tone of TONES) {
        const thread = await generateThread({ article: fixture, tone, appHost: 'threadsnip.app' });

        const failing = thread.posts.filter((p) => p.check && p.check.status !== 'checked');
        expect(failing, `${name}, ${tone}`).toEqual([]);
        expect(thread.posts.slice(0, -1).every((p) => p.check?.status === 'checked')).toBe(true);
      }
    }
  });
});

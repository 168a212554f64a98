import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { shortenAtClause } from '#functions/services/generation/draft/offline-generator';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { TONES } from '#shared/tones';
import { seededRandom } from './synthetic-articles';

const INQUIRY =
  'The public inquiry into the shooting at the harbour opened on Monday with evidence that armed police took fourteen minutes to reach the ferry terminal after the first emergency call, and that the gunman held a valid licence for the rifle he used despite two earlier reports raising concerns about his behaviour.';
const WORDS =
  'council harbour ferry budget approved local newspaper owners readers weekly coverage reporters town families schools'.split(
    ' ',
  );

/** A sentence of about `length` characters; with `clauses`, a comma every few words. */
function longSentence(random: () => number, length: number, clauses: boolean): string {
  const words = ['The', 'harbour', 'council'];
  while (words.join(' ').length < length) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'ferry';
    words.push(clauses && words.length % 7 === 6 ? `${word},` : word);
  }
  return `${words.join(' ').replace(/,$/, '')}.`;
}

describe('the offline hook is never cut with an ellipsis', () => {
  it('shortens a sentence at its last clause boundary that fits, with a full stop', () => {
    const short = shortenAtClause(INQUIRY, 200);

    expect(short).toBe(
      'The public inquiry into the shooting at the harbour opened on Monday with evidence that armed police took fourteen minutes to reach the ferry terminal after the first emergency call.',
    );
    expect(postLength(short ?? '')).toBeLessThanOrEqual(200);
    expect(shortenAtClause('A short sentence.', 200)).toBe('A short sentence.');
    // No clause boundary near the budget: no shortening it would read as a whole.
    expect(shortenAtClause(`The ${'harbour '.repeat(40)}closed.`, 200)).toBeNull();
    // A boundary early in the sentence only when asked for, and never one leaving under six words.
    const early = `The fishing boats return before sunrise, and ${'the auction hall fills '.repeat(10)}today.`;
    expect(shortenAtClause(early, 150)).toBeNull();
    expect(shortenAtClause(early, 150, 0)).toBe('The fishing boats return before sunrise.');
    expect(shortenAtClause(`In 2021, ${'the auction hall fills '.repeat(10)}today.`, 150, 0)).toBeNull();
  });

  it('writes a whole hook in every tone for lead sentences of every length around the room a hook has', async () => {
    const random = seededRandom(31);
    for (let length = 120; length <= 420; length += 30) {
      for (const clauses of [true, false]) {
        const sentences = Array.from({ length: 4 }, () => longSentence(random, length, clauses));
        const article = {
          url: 'https://news.example.com/harbour',
          title: 'Harbour council and the ferry budget',
          content: sentences.join(' '),
          byline: 'Michael Hiltzik',
          siteName: 'Los Angeles Times',
        };
        for (const tone of TONES) {
          const thread = await generateThread({ article, tone, appHost: 'threadsnip.app', themes: ['harbour'] });

          const hook = thread.posts[0]?.content ?? '';
          expect(hook).not.toContain('…');
          expect(postLength(hook)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
          // The hook's own text never trails off at a clause mark or mid-word.
          expect(hook.replace(/\s*#\S+/g, '').trim()).not.toMatch(/[,;:—–-]$/);
          if (tone === 'professional') {
            // The hook's sentence whole, or ended at a clause with a full stop, then the credit; else the title as a headline.
            const sentence = hook
              .replace(/\s*#\S+/g, '')
              .replace(/^Michael Hiltzik reports in the Los Angeles Times: /, '');
            const whole = sentences.includes(sentence);
            const clause = sentence.endsWith('.') && sentences.some((s) => s.startsWith(`${sentence.slice(0, -1)},`));
            expect(whole || clause || sentence === `${article.title}.`).toBe(true);
          }
        }
      }
    }
  }, 60_000);
});

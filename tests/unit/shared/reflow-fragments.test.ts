import { describe, expect, it } from 'vitest';
import { postRulesFor } from '#shared/publishing/platform-rules';
import type { PostRules } from '#shared/publishing/reflow';
import { reflowThread } from '#shared/publishing/reflow';
import { seededRandom } from '../generation/synthetic-articles';

const ATTRIBUTION =
  'Thread created by threadsnip.app. Read original article at: https://news.example.com/harbour-ferry';
const CREDIT = ['(by', 'Michael', 'Hiltzik', 'in', 'Los', 'Angeles', 'Times)'];
const TAGS = ['#KenDoctor', '#GateHouse', '#Gannett'];
const LATIN =
  'harbour council ferry budget approved local newspaper roots deep with reporters owners readers town weekly coverage'.split(
    ' ',
  );
const EXTRA = {
  latin: [],
  emoji: ['🌊', '⛴️', '👩‍👩‍👧', '📰'],
  cjk: ['港口', '城市新闻', '記者', '地元'],
  link: ['https://news.example.com/harbour/ferry-budget-2024', 'Dr. Okafor', 'e.g. ferries'],
} as const;
type Script = keyof typeof EXTRA;
const PLATFORMS = ['twitter', 'bluesky', 'mastodon', 'threads'] as const;

/** A text as the test knows it: its sentences, each a list of words joined by single spaces. */
type Sentences = string[][];

function makeSentence(random: () => number, script: Script, words: number, clauses: boolean): string[] {
  const pool = [...LATIN, ...EXTRA[script]];
  const sentence = Array.from({ length: words }, () => pool[Math.floor(random() * pool.length)] ?? 'harbour');
  sentence[0] = 'The';
  if (clauses) {
    for (let i = 3; i < words - 2; i += 4 + Math.floor(random() * 4)) {
      if (random() < 0.25) sentence.splice(i, 0, '—');
      else sentence[i] = `${sentence[i]}${random() < 0.7 ? ',' : ';'}`;
    }
  }
  sentence[sentence.length - 1] = `${sentence.at(-1)}.`;
  return sentence.flatMap((word) => word.split(' '));
}

/** Sentences until the text measures about `target`; with `oneSentence`, a single sentence of that length. */
function makeText(
  random: () => number,
  script: Script,
  target: number,
  rules: PostRules,
  oneSentence = false,
): Sentences {
  const sentences: Sentences = [];
  const measure = () => rules.measure(sentences.map((s) => s.join(' ')).join(' '));
  while (measure() < target) {
    const last = sentences.at(-1);
    if (oneSentence && last) last.splice(-1, 0, LATIN[Math.floor(random() * LATIN.length)] ?? 'ferry');
    else sentences.push(makeSentence(random, script, 6 + Math.floor(random() * 20), random() < 0.6));
  }
  return sentences;
}

const text = (sentences: Sentences, paragraphs: Sentences = []) =>
  [sentences.map((s) => s.join(' ')).join(' '), ...paragraphs.map((s) => s.join(' '))].join('\n\n');

/** Word positions where a post may begin: a sentence's start, or inside one too long alone (clause, then word). */
function allowedStarts(units: readonly Sentences[], rules: PostRules): Set<number> {
  const allowed = new Set<number>();
  const fits = (words: string[]) => rules.measure(words.join(' ')) <= rules.limit;
  let at = 0;
  for (const sentence of units.flat()) {
    allowed.add(at);
    if (!fits(sentence)) {
      let clause: string[] = [];
      sentence.forEach((word, i) => {
        if (clause.length === 0) allowed.add(at + i);
        clause.push(word);
        if (/[,;:]$|^[—–-]$/.test(word) || i === sentence.length - 1) {
          if (!fits(clause)) for (let k = 0; k < clause.length; k++) allowed.add(at + i - k);
          clause = [];
        }
      });
    }
    at += sentence.length;
  }
  return allowed;
}

const wordsOf = (value: string) => value.split(/\s+/).filter(Boolean);

/** Re-flows a thread and checks every promise of issue 31: fit, nothing lost, order kept, no fragment, attribution last. */
function expectNoFragments(title: Sentences, hook: Sentences, body: Sentences[], rules: PostRules): string[] {
  const hookText = text(hook.slice(0, -1), hook.slice(-1));
  const posts = reflowThread(
    {
      title: text(title),
      posts: [hookText, ...body.map((post, i) => `${i + 1}/ ${text(post)}`), ATTRIBUTION],
    },
    rules,
  );
  const attribution = [wordsOf(ATTRIBUTION)];
  const units = [title, hook, ...body, attribution];
  const input = units.flat(2);
  const output = posts.map(wordsOf);
  expect(output.flat()).toEqual(input);
  for (const post of posts) expect(rules.measure(post)).toBeLessThanOrEqual(rules.limit);
  const allowed = allowedStarts(units, rules);
  let at = 0;
  for (const [index, words] of output.entries()) {
    if (!allowed.has(at)) throw new Error(`post ${index} starts mid-sentence at "${words.slice(0, 6).join(' ')}"`);
    at += words.length;
  }
  expect(posts.at(-1)?.endsWith(ATTRIBUTION)).toBe(true);
  const titleAlone = rules.measure(text(title)) <= rules.limit;
  if (title.length > 0 && titleAlone && rules.measure(`${text(title)}\n\n${hookText}`) > rules.limit) {
    expect(posts[0]).toBe(text(title));
  }
  return posts;
}

describe('re-flow never leaves a fragment of a sentence standing alone', () => {
  it("puts the title in a post of its own on X instead of pushing the hook's end into the next post", () => {
    const rules = postRulesFor('twitter');
    const title = 'Ken Doctor on what local news owners owe their towns after GateHouse and Gannett';
    const hook =
      'Local news can survive the chains, Ken Doctor argues, if it is owned by people who live in the towns it covers and who run their papers with deep local roots and a patience for slow growth. (by Michael Hiltzik in Los Angeles Times)\n\n#KenDoctor #GateHouse #Gannett';
    expect(rules.measure(hook)).toBeLessThanOrEqual(280);

    const posts = reflowThread({ title, posts: [hook, '1/ Lookout Santa Cruz began in 2020.', ATTRIBUTION] }, rules);

    expect(posts).toEqual([title, hook, 'Lookout Santa Cruz began in 2020.', ATTRIBUTION]);
  });

  for (const platform of PLATFORMS) {
    it(`on ${platform}: titles and hooks of every length around the limit, in Latin, emoji, CJK and with links`, () => {
      const rules = postRulesFor(platform);
      const random = seededRandom(31);
      const titles = [0, 60, rules.limit - 20, rules.limit + 20];
      let checked = 0;
      for (const script of Object.keys(EXTRA) as Script[]) {
        for (const titleLength of titles) {
          for (const offset of [-40, -20, -5, -1, 0, 1, 5, 20, 40]) {
            const hookLength = rules.limit + offset;
            const title = titleLength ? makeText(random, 'latin', titleLength, rules, true) : [];
            const title0 = title[0];
            // A title has no full stop; a long one keeps its clause marks.
            if (title0) title0[title0.length - 1] = (title0.at(-1) ?? '').replace(/\.$/, '');
            const hook = makeText(random, script, hookLength - rules.measure(CREDIT.join(' ')) - 30, rules);
            hook.at(-1)?.push(...CREDIT);
            hook.push(TAGS);
            // One post of a single sentence longer than the limit, one of several sentences.
            const body = [
              makeText(random, script, hookLength, rules, true),
              makeText(random, script, hookLength, rules),
            ];

            expectNoFragments(title, hook, body, rules);
            checked += 1;
          }
        }
      }
      expect(checked).toBe(4 * 4 * 9);
    }, 60_000);
  }

  it('splits a sentence too long alone at its clauses, each part within the limit', () => {
    const rules = { ...postRulesFor('twitter'), limit: 80 };
    const sentence =
      'The ferry budget was approved on Monday after a long night of debate, with the harbour council split down the middle; the mayor cast the deciding vote — and the town paper had the story first.';

    const posts = reflowThread({ title: '', posts: [sentence, ATTRIBUTION] }, rules).slice(0, -2);

    expect(posts).toEqual([
      'The ferry budget was approved on Monday after a long night of debate,',
      'with the harbour council split down the middle;',
      'the mayor cast the deciding vote — and the town paper had the story first.',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A deterministic pseudo-random generator (mulberry32), so every run builds the same articles. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = [
  'The city council',
  'Researchers at the Halvorsen Institute',
  'A group of farmers',
  'The regional transport agency',
  'Engineers at Brightwater Labs',
  'Local teachers',
  'The hospital trust',
  'Several small businesses',
  'The national statistics office',
  'A coalition of cyclists',
  'Marine biologists',
  'The school board',
];
const VERBS = [
  'announced',
  'measured',
  'reported',
  'proposed',
  'rejected',
  'tested',
  'published',
  'expanded',
  'funded',
  'reviewed',
  'delayed',
  'approved',
];
const OBJECTS = [
  'a plan to rebuild the old harbour bridge',
  'new data on water quality in the estuary',
  'a pilot scheme for electric buses',
  'changes to the school meal budget',
  'a study of urban tree cover',
  'a proposal to open the library on Sundays',
  'a survey of rental prices',
  'an upgrade of the flood defences',
  'a trial of four-day working weeks',
  'a programme of free bike repairs',
];
const TAILS = [
  'after months of debate',
  'despite objections from residents',
  'ahead of the winter season',
  'in response to rising costs',
  'following a public consultation',
  'with support from two universities',
  'as part of a ten-year strategy',
  'according to documents seen by this newspaper',
];
const QUOTES = [
  'We have to get this right for the next generation',
  'Nobody expected the numbers to move this fast',
  'It is a modest step, but it is the right one',
  'The evidence was impossible to ignore',
];
const SPEAKERS = ['said Mira Lindqvist', 'said Omar Haddad', 'said Professor Ana Beltrán', 'said Councillor Joe Pike'];
const ODDITIES = [
  'Details are at https://example.org/reports/2024/annual-summary?section=transport&lang=en for anyone who wants them.',
  'The report ran to 412 pages 📊 and included 38 tables 🚲🚲.',
  '市の担当者は、計画は来年の春に始まると述べた。',
  `The dataset identifier was ${'x'.repeat(320)} according to the appendix.`,
  `${'A'.repeat(30)} ${'very '.repeat(70)}long sentence without any punctuation that keeps going and going`,
  'Costs rose to €1.2 million, or 14.5% more than planned, in 2023.',
  'See www.example.com/long/path/to/a/resource/that/is/really/quite/long/indeed/and/more for context.',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function sentence(random: () => number): string {
  const roll = random();
  if (roll < 0.12) return `"${pick(random, QUOTES)}," ${pick(random, SPEAKERS)}.`;
  if (roll < 0.18) return pick(random, ODDITIES);
  const number = Math.floor(random() * 5000) + 10;
  const body = `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)} ${pick(random, TAILS)}`;
  return roll < 0.5 ? `${body}, affecting about ${number} households.` : `${body}.`;
}

/** A synthetic multi-paragraph article of about `words` words. */
export function syntheticArticle(seed: number, words: number): { url: string; title: string; content: string } {
  const random = seededRandom(seed);
  const paragraphs: string[] = [];
  let count = 0;
  while (count < words) {
    const sentences: string[] = [];
    const size = 1 + Math.floor(random() * 5);
    for (let i = 0; i < size && count < words; i++) {
      const s = sentence(random);
      sentences.push(s);
      count += s.split(/\s+/).length;
    }
    paragraphs.push(sentences.join(' '));
  }
  const titles = ['', 'Update', `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)}`];
  return {
    url: `https://news.example.com/articles/${seed}?ref=feed&utm_source=${'x'.repeat(seed % 40)}`,
    title: pick(random, titles),
    content: paragraphs.join('\n\n'),
  };
}

/** A fixture article from tests/fixtures/generation: first line the title, the rest the text. */
export function fixtureArticle(name: string): { url: string; title: string; content: string } {
  const path = fileURLToPath(new URL(`../../fixtures/generation/${name}.txt`, import.meta.url));
  const [title = '', ...rest] = readFileSync(path, 'utf8').split('\n');
  return { url: `https://news.example.org/${name}`, title, content: rest.join('\n').trim() };
}

export const FIXTURES = ['heat-pump-retrofit', 'library-night-school', 'harbour-district-shooting'] as const;

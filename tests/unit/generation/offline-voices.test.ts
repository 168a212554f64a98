import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { assessHallucination } from '#functions/services/generation/draft/hallucination';
import { contentWords, hasFigure, turnsOnContrast } from '#functions/services/generation/draft/lede';
import { quotesBalanced, startsDangling } from '#functions/services/generation/draft/post-rules';
import { standalonePosts } from '#functions/services/generation/draft/standalone';
import { CONSEQUENCE, RECAP_LABELS, reportsLine } from '#functions/services/generation/draft/tone-writer';
import { wholeSentences } from '#functions/services/generation/draft/whole-sentences';
import { analyseText } from '#functions/services/text/nlp';
import type { Post } from '#shared/schemas/thread';
import { TONES, type Tone } from '#shared/tones';
import { fixtureArticle } from './synthetic-articles';
import { expectValidThread } from './thread-invariants';

const APP_HOST = 'threadsnip.app';
/** A news story, a policy story, a medical case and an explainer with a definition sentence. */
const ARTICLES = {
  news: {
    ...fixtureArticle('tram-line-opening'),
    byline: 'By PAUL TAKAHASHI, Staff writer',
    siteName: 'Houston Chronicle',
  },
  policy: { ...fixtureArticle('aid-freeze-criticism'), byline: 'Jane Holloway', siteName: 'The Guardian' },
  medical: { ...fixtureArticle('rare-lung-infection'), byline: null, siteName: 'Medical News Today' },
  explainer: { ...fixtureArticle('heat-dome-explained'), byline: 'Sam Ortiz and Lee Chan', siteName: 'Climate Desk' },
};
type Name = keyof typeof ARTICLES;

const threads = new Map<string, Post[]>();
async function thread(name: Name, tone: Tone): Promise<Post[]> {
  const key = `${name}|${tone}`;
  const cached = threads.get(key);
  if (cached) return cached;
  const generated = await generateThread({ article: ARTICLES[name], tone, appHost: APP_HOST });
  threads.set(key, generated.posts);
  return generated.posts;
}

const hookText = (posts: Post[]) => (posts[0]?.content ?? '').replace(/\s*#\S+/g, '').trim();
const bodyOf = (posts: Post[]) => posts.slice(1, -1).map((p) => p.content.replace(/^\d{1,2}\/\s+/, ''));
const ledeOf = (content: string) => content.split('\n\n')[0] ?? '';

describe('the hook says what the article is about', () => {
  it('is built from the lede sentence, carries its key figure and credits author and outlet naturally', async () => {
    const professional = hookText(await thread('news', 'professional'));

    expect(professional).toBe(
      "Paul Takahashi reports in the Houston Chronicle: The new Riverside tram line opened to passengers on Saturday, four months ahead of schedule and 12 million euros under its 310 million euro budget, the city's transport authority said.",
    );
    expect(reportsLine({ byline: 'Sam Ortiz and Lee Chan', siteName: 'Climate Desk' })).toBe(
      'Sam Ortiz and Lee Chan report in Climate Desk',
    );
    expect(reportsLine({ byline: null, siteName: 'Medical News Today' })).toBe('Medical News Today reports');
    expect(reportsLine({ byline: 'admin', siteName: 'Autoracing | F1 | Indy' })).toBe('Autoracing reports');
  });

  it('in every tone and article: words of the title or lede, no contrast, no borrowed quote, one template phrase at most', async () => {
    for (const name of Object.keys(ARTICLES) as Name[]) {
      const article = ARTICLES[name];
      const about = contentWords(`${article.title} ${ledeOf(article.content)}`);
      const known = contentWords(`${article.title} ${article.content} ${article.byline ?? ''} ${article.siteName}`);
      for (const tone of TONES) {
        const hook = hookText(await thread(name, tone));
        const words = [...contentWords(hook)];

        // The professional hook is the lede's news; the others say their own sentence, still on the topic.
        expect(words.filter((w) => about.has(w)).length, `${name} ${tone}: ${hook}`).toBeGreaterThanOrEqual(
          tone === 'professional' ? 5 : 1,
        );
        expect(turnsOnContrast(hook), `${name} ${tone}: ${hook}`).toBe(false);
        expect(hook).not.toMatch(/^["“]/);
        // Words from neither the article nor its credit: the frame's one template phrase, short
        // ("Here's one worth your time" is five when the sentence shares none of them).
        expect(words.filter((w) => !known.has(w)).length, `${name} ${tone}: ${hook}`).toBeLessThanOrEqual(5);
      }
    }
  });

  it('passes over a central sentence that turns on a contrast, and the persuasive hook leads with a figure', async () => {
    const professional = hookText(await thread('policy', 'professional'));
    const persuasive = hookText(await thread('policy', 'persuasive'));

    expect(professional).not.toContain('However');
    expect(professional).toContain('240 million pounds');
    expect(hasFigure(persuasive.replace(/ The evidence.*$/u, ''))).toBe(true);
  });

  it('is five different hooks for the five tones, each saying its own sentence', async () => {
    for (const name of Object.keys(ARTICLES) as Name[]) {
      const hooks = await Promise.all(TONES.map(async (tone) => hookText(await thread(name, tone))));
      const sentences = await Promise.all(TONES.map(async (tone) => (await thread(name, tone))[0]?.source));
      expect(new Set(hooks).size).toBe(TONES.length);
      expect(new Set(sentences).size, name).toBe(TONES.length);
    }
  });
});

describe('tones are voices, not prefixes', () => {
  it('never jokes about politics or illness: the humorous hook there is the headline and the facts', async () => {
    for (const name of ['policy', 'medical'] as const) {
      const hook = hookText(await thread(name, 'humorous'));
      expect(hook.startsWith(`${ARTICLES[name].title}.`), hook).toBe(true);
      expect(hook).not.toMatch(/[☕🍿😄]|gather round|coffee/u);
    }
    const light = await thread('news', 'humorous');
    expect(hookText(light)).toMatch(/[☕🍿😄]/u);
    expect(ARTICLES.news.content).toContain(light[0]?.source);
  });

  it('casual: direct address, the people in the story, contractions outside quotes', async () => {
    const posts = await thread('news', 'casual');
    const body = bodyOf(posts);

    expect(hookText(posts)).toMatch(/\byou\b|\byour\b/i);
    expect(`${hookText(posts)}\n${body.join('\n')}`).toMatch(/families|daughter|said/);
    const explainer = [hookText(await thread('explainer', 'casual')), ...bodyOf(await thread('explainer', 'casual'))];
    expect(explainer.join('\n')).toMatch(/\b(?:aren't|isn't|don't|doesn't|it's|that's|there's|they're)\b/);
  });

  it('educational: the definition as a term worth knowing, and "why it matters" only on a post that states a consequence', async () => {
    const explainer = await thread('explainer', 'educational');
    const medical = bodyOf(await thread('medical', 'educational'));

    // The explainer's hook is its definition; the medical case labels the article's definition where the article gives it.
    expect(hookText(explainer)).toContain('A heat dome is a ridge of high pressure');
    expect(medical).toContain(
      'A term worth knowing: Histoplasmosis is a fungal infection caused by breathing in the spores of Histoplasma capsulatum.',
    );
    for (const name of Object.keys(ARTICLES) as Name[]) {
      for (const post of bodyOf(await thread(name, 'educational')).filter((p) => p.startsWith('Why it matters:'))) {
        expect(post).toMatch(CONSEQUENCE);
      }
    }
    // The radiologist's aside is no lesson.
    expect(medical.join('\n')).not.toMatch(/Why it matters: Lung/);
  });

  it('persuasive: the strongest evidence right after the claim, then a reason to read the original', async () => {
    const body = bodyOf(await thread('policy', 'persuasive'));

    expect(body[0]).toBe(
      'The evidence: Engineers at the National Flood Forum said that every year of delay raises the cost of repairs by about 8 percent.',
    );
    expect(body.at(-2)).toMatch(/^The original, by Jane Holloway in The Guardian, has what this thread leaves out/);
  });

  it('choose and order different sentences, not only different prefixes', async () => {
    for (const name of Object.keys(ARTICLES) as Name[]) {
      const bodies = await Promise.all(TONES.map(async (tone) => bodyOf(await thread(name, tone)).join('\n')));
      expect(new Set(bodies).size).toBe(TONES.length);
    }
    // Body posts that differ between two tones, by the article sentence they tell: at least 30%.
    let differing = 0;
    let told = 0;
    for (const name of Object.keys(ARTICLES) as Name[]) {
      const sources = await Promise.all(
        TONES.map(async (tone) => new Set((await thread(name, tone)).slice(1, -2).map((p) => p.source))),
      );
      for (const a of sources)
        for (const b of sources) {
          if (a === b) continue;
          for (const source of a) {
            told++;
            if (!b.has(source)) differing++;
          }
        }
    }
    expect(differing / told).toBeGreaterThanOrEqual(0.3);
  });
});

describe('a closing recap', () => {
  it('ends every thread of six posts or more, before the attribution, in the article’s own words', async () => {
    for (const name of Object.keys(ARTICLES) as Name[]) {
      for (const tone of TONES) {
        const posts = await thread(name, tone);
        if (posts.length < 6) continue;
        const recap = bodyOf(posts).at(-1) ?? '';

        expect(recap.startsWith(`${RECAP_LABELS[tone]} `), recap).toBe(true);
        const sentence = recap.slice(RECAP_LABELS[tone].length + 1);
        expect(ARTICLES[name].content).toContain(tone === 'casual' ? (posts.at(-2)?.source ?? '') : sentence);
        // Never a repeat of a post already in the thread.
        expect(posts.slice(0, -2).map((p) => p.source)).not.toContain(posts.at(-2)?.source);
      }
    }
    const policy = bodyOf(await thread('policy', 'professional')).at(-1);
    expect(policy).toBe(
      'In short: The decision means that about 42,000 homes will remain protected only by walls that the Environment Agency rates as being in poor condition.',
    );
  });
});

describe('posts that stand alone', () => {
  it('names the person a "He"/"She" start points to, and merges when more than the subject points back', () => {
    const text =
      'Council leader Priya Natarajan visited the sea wall on Monday. She said the town would find the money.\n\nMarta Kovac runs the bakery. She said it was hard.';
    const analysed = analyseText(text);

    const posts = standalonePosts(analysed, [
      { position: 1, text: 'She said the town would find the money.', score: 1 },
      { position: 3, text: 'She said it was hard.', score: 1 },
    ]);

    expect(posts.map((p) => p.content)).toEqual([
      'Priya Natarajan said the town would find the money.',
      'Marta Kovac runs the bakery. She said it was hard.',
    ]);
  });

  it('never splits a sentence inside a quotation: one too long for a post with no split outside it is left out', () => {
    const sentence = `The mayor opened the line at nine in the morning with a short speech to the crowd and then said "${'we built this together for every family in the city, and '.repeat(5)}we will keep building".`;

    expect(wholeSentences(sentence, 276)).toBeNull();
    const split = wholeSentences(`${sentence.replace(' and then said', '; the crowd cheered when she said')}`, 276);
    expect(split).toBeNull();
    const outside = wholeSentences(
      `The mayor opened the line at nine in the morning with a short speech to the crowd of several hundred people; the first tram left the depot at ten with the mayor, two councillors and "${'every family that waited, '.repeat(5)}all of them".`,
      276,
    );
    expect(outside?.length).toBe(2);
    for (const part of outside ?? []) expect(quotesBalanced(part)).toBe(true);
  });

  it('keep numbers, names and quotations verbatim and start on no dangling word, in every tone', async () => {
    for (const name of Object.keys(ARTICLES) as Name[]) {
      const article = ARTICLES[name];
      const checkable = [article.byline, article.siteName, article.title, article.content].filter(Boolean).join('\n');
      for (const tone of TONES) {
        const posts = await thread(name, tone);

        expectValidThread(posts, article, APP_HOST);
        for (const post of posts.slice(0, -1)) {
          expect(assessHallucination([post], checkable).risk, post.content).toBe('low');
          expect(quotesBalanced(post.content)).toBe(true);
          for (const quote of post.content.match(/"[^"]+"|“[^”]+”/g) ?? []) expect(article.content).toContain(quote);
        }
        for (const post of bodyOf(posts)) expect(startsDangling(post.replace(/^[\p{L}' ]{3,28}:\s+/u, ''))).toBe(false);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { GenerationFailedError } from '#functions/lib/errors';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { TONES } from '#shared/tones';
import { FIXTURES, fixtureArticle, syntheticArticle } from './synthetic-articles';
import { expectValidThread } from './thread-invariants';

const APP_HOST = 'threadsnip.app';

describe('offline thread generation', () => {
  it('keeps every guarantee over many varied synthetic articles and all tones', async () => {
    const sizes = [1, 8, 30, 80, 200, 600, 1500, 4000];
    for (let seed = 1; seed <= 64; seed++) {
      const article = syntheticArticle(seed, sizes[seed % sizes.length] ?? 100);
      const tone = TONES[seed % TONES.length] ?? 'professional';

      const thread = await generateThread({ article, tone, appHost: APP_HOST });

      expectValidThread(thread.posts, article, APP_HOST);
      expect(thread.generator).toBe('offline');
    }
  }, 60_000);

  it('keeps every guarantee on the fixture articles in every tone, with low hallucination risk', async () => {
    for (const name of FIXTURES) {
      const article = fixtureArticle(name);
      for (const tone of TONES) {
        const thread = await generateThread({ article, tone, appHost: APP_HOST });

        expectValidThread(thread.posts, article, APP_HOST);
        expect(thread.hallucination.risk).toBe('low');
        expect(thread.posts.length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('handles a 20,000-word article', async () => {
    const article = syntheticArticle(2024, 20_000);

    const thread = await generateThread({ article, tone: 'educational', appHost: APP_HOST });

    expectValidThread(thread.posts, article, APP_HOST);
    expect(thread.articleSize).toBeGreaterThan(100_000);
  });

  it('makes a three-post thread from a one-sentence article', async () => {
    const article = { url: 'https://example.com/a', title: 'Tiny', content: 'The bridge reopened on Monday.' };

    const thread = await generateThread({ article, tone: 'casual', appHost: APP_HOST });

    expect(thread.posts).toHaveLength(3);
    expect(thread.posts[1]?.content).toBe('1/ The bridge reopened on Monday.');
    expectValidThread(thread.posts, article, APP_HOST);
  });

  it('opens on the lede, each tone on its own sentence, crediting author and publication as a reader would, with hashtags', async () => {
    const article = fixtureArticle('heat-pump-retrofit');
    const lede = article.content.split('\n\n').slice(0, 2).join(' ');
    const hooks = new Set<string>();
    const sentences = new Set<string>();

    for (const tone of TONES) {
      const thread = await generateThread({
        article: { ...article, byline: 'By Ingrid Solberg', siteName: 'Coastal Times' },
        tone,
        appHost: APP_HOST,
        themes: ['heat pumps', 'energy'],
      });
      const hook = thread.posts[0]?.content ?? '';
      hooks.add(hook);
      sentences.add(thread.posts[0]?.source ?? '');
      // The professional hook's sentence is one of the lede's, the others' the article's too.
      expect(tone === 'professional' ? lede : `${article.title}\n${article.content}`).toContain(
        thread.posts[0]?.source ?? '\u0000',
      );
      expect(hook).toContain('Ingrid Solberg');
      expect(hook).toMatch(/#HeatPumps/);
      expect(thread.themes).toEqual(['heat pumps', 'energy']);
      if (tone === 'professional') expect(hook).toMatch(/^Ingrid Solberg reports in the Coastal Times: /);
    }
    expect(hooks.size).toBe(TONES.length);
    // Five tones, five things said first: not one sentence in five frames.
    expect(sentences.size).toBe(TONES.length);
  });

  it('picks central sentences rather than the first ones without repeats; the humorous voice tells them in article order', async () => {
    const article = fixtureArticle('heat-pump-retrofit');

    const thread = await generateThread({ article, tone: 'humorous', appHost: APP_HOST });
    const body = thread.posts.slice(1, -2);
    const offsets = body.map((p) => article.content.indexOf(p.source ?? '\u0000'));

    expect(offsets.every((o) => o >= 0)).toBe(true);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(new Set(thread.posts.slice(1, -1).map((p) => p.source)).size).toBe(thread.posts.length - 2);
    // The last third of the article is represented too: it is a summary, not a lead.
    expect(Math.max(...offsets)).toBeGreaterThan(article.content.length / 2);
  });

  it('is deterministic', async () => {
    const article = syntheticArticle(77, 900);

    const first = await generateThread({ article, tone: 'humorous', appHost: APP_HOST });
    const second = await generateThread({ article, tone: 'humorous', appHost: APP_HOST });

    expect(second).toEqual(first);
  });

  it('works out themes when none are given and uses the given ones otherwise', async () => {
    const article = fixtureArticle('library-night-school');

    const worked = await generateThread({ article, tone: 'professional', appHost: APP_HOST });
    const given = await generateThread({ article, tone: 'professional', appHost: APP_HOST, themes: ['literacy'] });

    expect(worked.themes).toContain('library');
    expect(given.themes).toEqual(['literacy']);
    expect(given.posts[0]?.content).toMatch(/#literacy$/);
  });

  it('refuses an article with no text', async () => {
    const article = { url: 'https://example.com/empty', title: 'Empty', content: '  \n\n ' };

    await expect(generateThread({ article, tone: 'professional', appHost: APP_HOST })).rejects.toBeInstanceOf(
      GenerationFailedError,
    );
  });
});

/**
 * The generation worker's own footprint, as its Lambda would have it: one process that reads,
 * analyses and writes threads for a 20k-word article three times, then prints its peak RSS.
 */
import { readFileSync } from 'node:fs';
import { articlePage } from '../../tests/helpers/article-server';
import { syntheticArticle } from '../../tests/unit/generation/synthetic-articles';

const { extractArticle } = await import('../../functions/services/extraction/page/extract-article');
const { analyseArticle } = await import('../../functions/services/extraction/analyse-article');
const { draftThread } = await import('../../functions/services/generation/draft-thread');

const words = Number(process.argv[2] ?? 20_000);
const source = syntheticArticle(words, words);
const html = articlePage({ title: source.title, paragraphs: source.content.split(/\n\n+/) });
for (let run = 0; run < 3; run++) {
  const analysed = await analyseArticle(extractArticle(html, 'https://news.example/article'), undefined);
  await draftThread(analysed, 'professional', { appHost: 'localhost:3000', openai: undefined });
}
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
console.log(JSON.stringify({ words, peakRssMb: Math.round(peakKb / 1024) }));

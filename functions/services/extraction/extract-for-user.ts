import type { ExtractionResult } from '#shared/schemas/article';
import { normaliseUrl } from '#shared/url';
import { findKeptExtraction, keepExtraction } from '../../data/extraction-repository';
import { config } from '../../lib/config';
import { MetricUnit, metrics } from '../../lib/metrics';
import { openAiSettings } from '../../lib/openai-settings';
import { analyseArticle } from './analyse-article';
import { fetchArticle } from './page/extract-article';
import { cachedTdmrepRules } from './site-rules';

/** How long a validated extraction is kept for the generation that usually follows it. */
export const KEPT_EXTRACTION_MINUTES = 15;

/** Fetches, reads and checks an article (themes, sensitivity); its duration and size are metrics. */
async function extractAndAnalyse(url: string, now: Date): Promise<ExtractionResult> {
  const startedMs = performance.now();
  const options = { allowPrivateHosts: config().allowPrivateFetchHosts };
  const article = await fetchArticle(url, options, cachedTdmrepRules(options, now));
  const analysed = await analyseArticle(article, await openAiSettings());
  metrics.addMetric('ExtractionDuration', MetricUnit.Milliseconds, performance.now() - startedMs);
  metrics.addMetric('ExtractionBytes', MetricUnit.Bytes, Buffer.byteLength(article.content, 'utf8'));
  return analysed;
}

/**
 * The validation step of a submission: extracts and checks the article, and keeps the result for
 * this user and URL for a short while, so the generation that follows does not fetch it again. The
 * answer leaves out the page's whole text, which only the generation needs.
 */
export async function extractArticleForUser(userId: string, url: string, now: Date): Promise<ExtractionResult> {
  const analysed = await extractAndAnalyse(url, now);
  const expiresAt = new Date(now.getTime() + KEPT_EXTRACTION_MINUTES * 60 * 1000);
  await keepExtraction(userId, normaliseUrl(url), analysed, expiresAt);
  const { pageText: _kept, ...shown } = analysed;
  return shown;
}

/** The article a generation writes from: the user's kept extraction of the URL, or a fresh one. */
export async function articleForGeneration(userId: string, url: string, now: Date): Promise<ExtractionResult> {
  return (await findKeptExtraction(userId, normaliseUrl(url), now)) ?? extractAndAnalyse(url, now);
}

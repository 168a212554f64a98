import type { Article, ExtractionResult } from '../../shared/schemas/article';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { fetchArticle } from './extraction/extract-article';
import { extractThemes } from './generation/themes';
import { checkSensitivity, sensitiveContentMessage } from './moderation/sensitivity';

/** Fetches and reads an article through the SSRF-safe client, with the app's fetch allow-list. */
export function fetchArticleForApp(url: string): Promise<Article> {
  return fetchArticle(url, { allowPrivateHosts: config().allowPrivateFetchHosts });
}

/** Checks content for sensitive material with the configured moderation (OpenAI, else local). */
export function checkSensitivityForApp(content: string) {
  const openai = config().openai;
  return checkSensitivity(content, {
    openai: openai ? { apiKey: openai.apiKey, baseURL: openai.baseURL } : undefined,
    onError: (error) => logger.warn('sensitivity check failed; treated as not sensitive', { error }),
  });
}

/** The article with its themes and sensitivity: what the two-step submission's first call shows. */
export async function analyseArticle(article: Article): Promise<ExtractionResult> {
  const [themes, sensitivity] = await Promise.all([
    Promise.resolve(extractThemes(article.content, { title: article.title })),
    checkSensitivityForApp(`${article.title}\n\n${article.content}`),
  ]);
  return {
    ...article,
    themes,
    isSensitiveContent: sensitivity.isSensitive,
    sensitiveCategories: sensitivity.categories,
    sensitiveContentMessage: sensitiveContentMessage(sensitivity.categories),
  };
}

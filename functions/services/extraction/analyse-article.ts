import type { Article, ExtractionResult } from '#shared/schemas/article';
import type { OpenAiSettings } from '../../lib/openai-client';
import { checkContentSensitivity } from '../moderation/check-content';
import { sensitiveContentMessage } from '../moderation/sensitivity';
import { extractThemes } from '../text/themes';

/** The article with its themes and sensitivity: what the two-step submission's first call shows. */
export async function analyseArticle(article: Article, openai: OpenAiSettings | undefined): Promise<ExtractionResult> {
  const themes = extractThemes(article.content, { title: article.title, language: article.language });
  // The body alone: the same text the themes just analysed, so the local classifier reuses that analysis.
  const sensitivity = await checkContentSensitivity(article.content, openai);
  return {
    ...article,
    themes,
    isSensitiveContent: sensitivity.isSensitive,
    sensitiveCategories: sensitivity.categories,
    sensitiveContentMessage: sensitiveContentMessage(sensitivity.categories),
  };
}

import { queryOptions } from '@tanstack/react-query';
import { type ExtractionResult, extractionResultSchema } from '#shared/schemas/article';
import { extractArticleRequestSchema } from '#shared/schemas/generation';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/extract-article: the article, its themes and the sensitivity check; nothing is charged. */
export function extractArticle(url: string, signal?: AbortSignal): Promise<ExtractionResult> {
  return apiRequest('/extract-article', {
    method: 'POST',
    bodySchema: extractArticleRequestSchema,
    body: { url },
    schema: extractionResultSchema,
    signal,
  });
}

/** Cache key of one URL's extraction. */
export const extractionQueryKey = (url: string) => ['extraction', url] as const;

/**
 * Query options for an article's extraction: the submission's content check and the extracted-text
 * dialogs share it, and Re-extract Content refetches it. Failures are not retried (an extraction
 * error is an answer, shown in the amber box).
 */
export function extractionQueryOptions(url: string) {
  return queryOptions({
    queryKey: extractionQueryKey(url),
    queryFn: ({ signal }) => extractArticle(url, signal),
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { loadRuntimeConfig } from '#web/config/runtime-config';

/** One sample article the local stack serves under /samples/ ("Try an example"). */
export const sampleArticleSchema = z.object({
  slug: z.string().regex(/^[\w-]+$/),
  title: z.string(),
  description: z.string(),
  sensitive: z.boolean(),
});
export type SampleArticle = z.infer<typeof sampleArticleSchema>;

/** The sample articles listed at the runtime config's samplesUrl; none when it has no samplesUrl (the cloud). */
export async function getSampleArticles(signal?: AbortSignal): Promise<SampleArticle[]> {
  const { samplesUrl } = await loadRuntimeConfig();
  if (!samplesUrl) return [];
  const response = await fetch(samplesUrl, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Could not load the sample articles (HTTP ${response.status})`);
  return z.array(sampleArticleSchema).parse(await response.json());
}

/** The absolute address of a sample article, which the extractor fetches from this same server. */
export function sampleArticleUrl(origin: string, slug: string): string {
  return `${origin}/samples/${slug}.html`;
}

/** The sample articles, loaded once per session. */
export function useSampleArticles() {
  return useQuery(
    queryOptions({
      queryKey: ['sample-articles'] as const,
      queryFn: ({ signal }) => getSampleArticles(signal),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  );
}

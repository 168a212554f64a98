import { extractArticleRequestSchema } from '../../shared/schemas/generation';
import { config } from '../lib/config';
import { httpHandler } from '../lib/http-handler';
import { analyseArticle } from '../services/article-analysis';
import { fetchArticle } from '../services/extraction/extract-article';

/** POST /api/extract-article: the article, its themes and the sensitivity check; nothing saved or charged. */
export const handler = httpHandler({ body: extractArticleRequestSchema }, async ({ body }) => {
  const article = await fetchArticle(body.url, { allowPrivateHosts: config().allowPrivateFetchHosts });
  return { status: 200, body: await analyseArticle(article, config().openai) };
});

import { extractArticleRequestSchema } from '../../shared/schemas/generation';
import { httpHandler } from '../lib/http-handler';
import { analyseArticle, fetchArticleForApp } from '../services/article-analysis';

/** POST /api/extract-article: the article, its themes and the sensitivity check, nothing saved or charged. */
export const handler = httpHandler({ body: extractArticleRequestSchema }, async ({ body }) => ({
  status: 200,
  body: await analyseArticle(await fetchArticleForApp(body.url)),
}));

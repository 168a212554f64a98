import { httpHandler } from '#functions/route-kinds';
import { extractArticleRequestSchema } from '#shared/schemas/generation';
import { extractArticleForUser } from '../../services/extraction/extract-for-user';

/** POST /api/extract-article: the article, its themes and the sensitivity check; nothing charged. */
export const handler = httpHandler({ body: extractArticleRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await extractArticleForUser(caller.userId, body.url, new Date()),
}));

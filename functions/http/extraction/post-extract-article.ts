import { httpHandler } from '#functions/route-kinds';
import { extractArticleRequestSchema } from '#shared/schemas/generation';
import { extractArticleForUser } from '../../services/extraction/extract-for-user';

/** POST /api/extract-article: the article, its themes and the sensitivity check; nothing charged. */
export const handler = httpHandler(
  { workspace: 'write', body: extractArticleRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await extractArticleForUser(workspace.workspaceId, body.url, new Date()),
  }),
);

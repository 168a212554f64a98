import { httpHandler } from '#functions/route-kinds';
import { quoteCardParamsSchema, quoteCardRequestSchema } from '#shared/schemas/media';
import { userAgentOf } from '../../lib/http-handler';
import { makeQuoteCard } from '../../services/threads/thread-pictures';

/** POST /api/threads/{threadId}/posts/{postId}/quote-card: a card of the post's source passage, stored as the caller's picture. */
export const handler = httpHandler(
  { workspace: 'write', params: quoteCardParamsSchema, body: quoteCardRequestSchema },
  async ({ params, body, event, workspace }) => ({
    status: 201,
    body: await makeQuoteCard(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      params.postId,
      body,
    ),
  }),
);

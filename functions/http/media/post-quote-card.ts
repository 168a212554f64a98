import { httpHandler } from '#functions/route-kinds';
import { quoteCardParamsSchema, quoteCardRequestSchema } from '#shared/schemas/media';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { makeQuoteCard } from '../../services/threads/thread-pictures';

/** POST /api/threads/{threadId}/posts/{postId}/quote-card: a card of the post's source passage, stored as the caller's picture. */
export const handler = httpHandler(
  { workspace: 'write', params: quoteCardParamsSchema, body: quoteCardRequestSchema },
  async ({ params, body, event, workspace, caller }) => ({
    status: 201,
    body: await makeQuoteCard(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      params.postId,
      body,
    ),
  }),
);

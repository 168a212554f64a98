import { httpHandler } from '#functions/route-kinds';
import { authorPostsQuerySchema } from '#shared/schemas/author-posts';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { findAuthorPosts } from '../../services/publishing/author-posts';

/** GET /api/threads/{threadId}/author-posts?platforms=bluesky,mastodon: per platform, the author's own post to quote, or null. */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema, query: authorPostsQuerySchema },
  async ({ params, query, event, workspace, caller }) => ({
    status: 200,
    body: await findAuthorPosts(workspace.workspaceId, params.threadId, query.platforms, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);

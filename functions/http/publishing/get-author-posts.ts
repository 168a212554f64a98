import { httpHandler } from '#functions/route-kinds';
import { authorPostsQuerySchema } from '#shared/schemas/author-posts';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { findAuthorPosts } from '../../services/publishing/author-posts';

/** GET /api/threads/{threadId}/author-posts?platforms=bluesky,mastodon: per platform, the author's own post to quote, or null. */
export const handler = httpHandler(
  { params: threadParamsSchema, query: authorPostsQuerySchema },
  async ({ params, query, caller, event }) => ({
    status: 200,
    body: await findAuthorPosts(caller.userId, params.threadId, query.platforms, new Date(), userAgentOf(event)),
  }),
);

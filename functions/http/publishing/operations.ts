import { publishRequestSchema } from '#shared/schemas/publishing';
import { threadParamsSchema } from '#shared/schemas/thread';
import { operation, userAgentOf } from '../../lib/http-handler';
import { getPublishStatus, requestPublish } from '../../services/publishing/publish-thread';

/** Queues one message per platform; 202 with each platform's state (POST …/publish, /api and /v1). */
export const publishOperation = operation(
  { body: publishRequestSchema, params: threadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 202,
    body: await requestPublish(workspace.workspaceId, params.threadId, body, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);

/** Each platform's live state and post URL (GET …/publishing, /api and /v1). */
export const publishStatusOperation = operation(
  { params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 200,
    body: await getPublishStatus(workspace.workspaceId, params.threadId, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);

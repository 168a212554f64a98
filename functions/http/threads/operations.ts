import { threadParamsSchema, updateThreadRequestSchema } from '#shared/schemas/thread';
import { operation, userAgentOf } from '../../lib/http-handler';
import { cancelSchedulesOfThread } from '../../services/insights/plug-cancellation';
import { actingIn } from '../../services/threads/thread-access';
import { deleteThread, saveThreadPosts } from '../../services/threads/threads';

/** Saves a thread's edited posts (and title) (PUT /api/threads/{threadId}, PATCH /v1/threads/{threadId}). */
export const saveThreadOperation = operation(
  { params: threadParamsSchema, body: updateThreadRequestSchema },
  async ({ params, body, event, workspace, caller }) => ({
    status: 200,
    body: await saveThreadPosts(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
    ),
  }),
);

/** Deletes a thread of the workspace for good (DELETE …/threads/{threadId}, /api and /v1). */
export const deleteThreadOperation = operation(
  { params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => {
    await deleteThread(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId, {
      cancelSchedulesOfThread,
    });
    return { status: 204 };
  },
);

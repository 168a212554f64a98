import {
  scheduledListQuerySchema,
  scheduleRequestSchema,
  scheduleThreadParamsSchema,
} from '#shared/schemas/scheduling';
import { operation, userAgentOf } from '../../lib/http-handler';
import { listScheduled, scheduleThread } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** Schedules a thread of the workspace for a time or the next queue slot (POST …/schedule, /api and /v1). */
export const scheduleThreadOperation = operation(
  { body: scheduleRequestSchema, params: scheduleThreadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 201,
    body: await scheduleThread(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
    ),
  }),
);

/** The workspace's upcoming items, or the last 30 days of ended ones (GET …/scheduled, /api and /v1). */
export const listScheduledOperation = operation({ query: scheduledListQuerySchema }, async ({ query, workspace }) => ({
  status: 200,
  body: { items: await listScheduled(workspace.workspaceId, query.view, new Date()) },
}));

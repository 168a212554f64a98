import { httpHandler } from '#functions/route-kinds';
import { workspaceSettingsSchema } from '#shared/schemas/review';
import { workspacePathSchema } from '#shared/schemas/workspaces';
import { userAgentOf } from '../../lib/http-handler';
import { reviewActor, updateSettings } from '../../services/review/reviews';

/** PUT /api/workspaces/{workspaceId}/settings: a team's approval settings. */
export const handler = httpHandler(
  { workspace: 'members', params: workspacePathSchema, body: workspaceSettingsSchema },
  async ({ caller, workspace, body, event }) => ({
    status: 200,
    body: await updateSettings(reviewActor(caller, workspace, userAgentOf(event)), body),
  }),
);

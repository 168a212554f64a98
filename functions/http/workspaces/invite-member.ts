import { httpHandler } from '#functions/route-kinds';
import { inviteMemberRequestSchema, workspacePathSchema } from '#shared/schemas/workspaces';
import { inviteMember } from '../../services/workspaces/workspaces';

/** POST /api/workspaces/{workspaceId}/invitations: emails a single-use link that joins the workspace with a role. */
export const handler = httpHandler(
  { body: inviteMemberRequestSchema, params: workspacePathSchema, workspace: 'members' },
  async ({ body, caller, workspace }) => ({
    status: 201,
    body: await inviteMember(caller, workspace, body, new Date()),
  }),
);

import { httpHandler } from '#functions/route-kinds';
import { changeRoleRequestSchema, workspaceMemberPathSchema } from '#shared/schemas/workspaces';
import { changeRole } from '../../services/workspaces/workspaces';

/** PUT /api/workspaces/{workspaceId}/members/{userId}: another role for a member. */
export const handler = httpHandler(
  { body: changeRoleRequestSchema, params: workspaceMemberPathSchema, workspace: 'members' },
  async ({ body, params, workspace }) => {
    await changeRole(workspace, params.userId, body.role);
    return { status: 204 };
  },
);

import { httpHandler } from '#functions/route-kinds';
import { workspaceMemberPathSchema } from '#shared/schemas/workspaces';
import { removeFromWorkspace } from '../../services/workspaces/workspaces';

/** DELETE /api/workspaces/{workspaceId}/members/{userId}: removes a member, or (the caller's own id) leaves. */
export const handler = httpHandler(
  { params: workspaceMemberPathSchema, workspace: 'read' },
  async ({ caller, params, workspace }) => {
    await removeFromWorkspace(caller, workspace, params.userId, new Date());
    return { status: 204 };
  },
);

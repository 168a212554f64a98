import { httpHandler } from '#functions/route-kinds';
import { workspaceInvitationPathSchema } from '#shared/schemas/workspaces';
import { revokeInvitation } from '../../services/workspaces/workspaces';

/** DELETE /api/workspaces/{workspaceId}/invitations/{invitationId}: its link stops working at once. */
export const handler = httpHandler(
  { params: workspaceInvitationPathSchema, workspace: 'members' },
  async ({ params, workspace }) => {
    await revokeInvitation(workspace, params.invitationId);
    return { status: 204 };
  },
);

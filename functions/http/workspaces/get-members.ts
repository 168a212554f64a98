import { httpHandler } from '#functions/route-kinds';
import { workspacePathSchema } from '#shared/schemas/workspaces';
import { describeMembers } from '../../services/workspaces/workspaces';

/** GET /api/workspaces/{workspaceId}/members: its members, and pending invitations for those who manage members. */
export const handler = httpHandler(
  { params: workspacePathSchema, workspace: 'read' },
  async ({ caller, workspace }) => ({ status: 200, body: await describeMembers(caller, workspace) }),
);

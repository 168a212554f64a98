import { httpHandler } from '#functions/route-kinds';
import { transferOwnershipRequestSchema, workspacePathSchema } from '#shared/schemas/workspaces';
import { transferOwnership } from '../../services/workspaces/workspaces';

/** POST /api/workspaces/{workspaceId}/transfer: another member becomes owner; the caller becomes admin. */
export const handler = httpHandler(
  { body: transferOwnershipRequestSchema, params: workspacePathSchema, workspace: 'billing' },
  async ({ body, caller, workspace }) => {
    await transferOwnership(caller, workspace, body.userId);
    return { status: 204 };
  },
);

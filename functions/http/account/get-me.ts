import { httpHandler } from '#functions/route-kinds';
import { getAccountInWorkspace } from '../../services/account/accounts';

/**
 * GET /api/me: the caller's profile, role and the credit balance of the workspace they are in (their
 * own, creating the records on first use; a team's when the request names one they belong to).
 */
export const handler = httpHandler({ workspace: 'read' }, async ({ caller, workspace }) => ({
  status: 200,
  body: await getAccountInWorkspace(caller, workspace.workspaceId, new Date()),
}));

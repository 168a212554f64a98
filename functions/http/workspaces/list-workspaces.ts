import { httpHandler } from '#functions/route-kinds';
import { listWorkspaces } from '../../services/workspaces/workspaces';

/** GET /api/workspaces: the caller's workspaces (personal first) with their role in each. */
export const handler = httpHandler({}, async ({ caller }) => ({
  status: 200,
  body: { workspaces: await listWorkspaces(caller, new Date()) },
}));

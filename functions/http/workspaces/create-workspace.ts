import { httpHandler } from '#functions/route-kinds';
import { createWorkspaceRequestSchema } from '#shared/schemas/workspaces';
import { createTeamWorkspace } from '../../services/workspaces/workspaces';

/** POST /api/workspaces: a team workspace, owned by the caller. */
export const handler = httpHandler({ body: createWorkspaceRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createTeamWorkspace(caller, body.name, new Date()),
}));

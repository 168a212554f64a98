import { httpHandler } from '#functions/route-kinds';
import { blueskyConnectRequestSchema } from '#shared/schemas/publishing';
import { connectBluesky } from '../../services/connections/connections';

/** POST /api/connections/bluesky (bluesky-auth): starts a session with the app password, then stores it. */
export const handler = httpHandler(
  { workspace: 'connections', body: blueskyConnectRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await connectBluesky(workspace.workspaceId, body, new Date()),
  }),
);

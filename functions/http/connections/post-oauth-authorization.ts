import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { oauthStartRequestSchema } from '#shared/schemas/publishing';
import { platformSchema } from '#shared/schemas/thread';
import { beginOAuthConnection } from '../../services/connections/oauth-connections';

/**
 * POST /api/connections/{platform}/authorize (spec twitter-auth, reddit-auth, discord-auth,
 * facebook-auth, mastodon-auth): the provider's consent-screen URL for the caller, and the flow
 * cookie that binds the flow to this browser.
 */
export const handler = httpHandler(
  {
    workspace: 'connections',
    params: z.object({ platform: platformSchema }),
    body: oauthStartRequestSchema.default({}),
  },
  async ({ params, body, workspace }) => {
    const { url, cookie } = await beginOAuthConnection(workspace.workspaceId, params.platform, body, new Date());
    return { status: 200, body: { url }, cookies: [cookie] };
  },
);

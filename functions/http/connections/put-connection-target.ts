import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { selectTargetRequestSchema } from '#shared/schemas/publishing';
import { platformSchema } from '#shared/schemas/thread';
import { selectPublishTarget } from '../../services/connections/connections';

/** PUT /api/connections/{platform}/target: records the channel or subreddit the platform's posts go to. */
export const handler = httpHandler(
  { workspace: 'connections', body: selectTargetRequestSchema, params: z.object({ platform: platformSchema }) },
  async ({ body, params, workspace }) => ({
    status: 200,
    body: await selectPublishTarget(workspace.workspaceId, params.platform, body.targetId, new Date(), body.accountId),
  }),
);

import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { accountIdSchema, renameAccountRequestSchema } from '#shared/schemas/publishing';
import { platformSchema } from '#shared/schemas/thread';
import { renameAccount } from '../../services/connections/connections';

/** PATCH /api/connections/{platform}/{accountId}: names one of the workspace's accounts on the platform. */
export const handler = httpHandler(
  {
    workspace: 'connections',
    body: renameAccountRequestSchema,
    params: z.object({ platform: platformSchema, accountId: accountIdSchema }),
  },
  async ({ body, params, workspace }) => ({
    status: 200,
    body: await renameAccount(workspace.workspaceId, params.platform, params.accountId, body.name, new Date()),
  }),
);

import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { accountIdSchema } from '#shared/schemas/publishing';
import { platformSchema } from '#shared/schemas/thread';
import { disconnectPlatform } from '../../services/connections/disconnect-platform';
import { cancelPlugsOfPlatform } from '../../services/insights/plug-cancellation';
import { failPlatformOnUpcomingItems } from '../../services/scheduling/item-ending';

/** DELETE /api/connections/{platform}/{accountId}: disconnects one account; the platform's others stay. */
export const handler = httpHandler(
  { workspace: 'connections', params: z.object({ platform: platformSchema, accountId: accountIdSchema }) },
  async ({ params, workspace }) => {
    await disconnectPlatform(
      workspace.workspaceId,
      params.platform,
      new Date(),
      { failPlatformOnUpcomingItems, cancelPlugsOfPlatform },
      params.accountId,
    );
    return { status: 204 };
  },
);

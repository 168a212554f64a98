import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { platformSchema } from '#shared/schemas/thread';
import { disconnectPlatform } from '../../services/connections/disconnect-platform';
import { cancelPlugsOfPlatform } from '../../services/insights/plug-cancellation';
import { failPlatformOnUpcomingItems } from '../../services/scheduling/item-ending';

/** DELETE /api/connections/{platform}: disconnects every account on the platform (tokens, username and connection data cleared; upcoming scheduled items fail that platform; its armed plugs are cancelled). */
export const handler = httpHandler(
  { workspace: 'connections', params: z.object({ platform: platformSchema }) },
  async ({ params, workspace }) => {
    await disconnectPlatform(workspace.workspaceId, params.platform, new Date(), {
      failPlatformOnUpcomingItems,
      cancelPlugsOfPlatform,
    });
    return { status: 204 };
  },
);

import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { platformSchema } from '#shared/schemas/thread';
import { disconnectPlatform } from '../../services/connections/disconnect-platform';
import { failPlatformOnUpcomingItems } from '../../services/scheduling/scheduled-items';

/** DELETE /api/connections/{platform}: disconnects (tokens, username and connection data cleared; upcoming scheduled items fail that platform). */
export const handler = httpHandler({ params: z.object({ platform: platformSchema }) }, async ({ params, caller }) => {
  await disconnectPlatform(caller.userId, params.platform, new Date(), { failPlatformOnUpcomingItems });
  return { status: 204 };
});

import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { platformSchema } from '#shared/schemas/thread';
import { disconnectPlatform } from '../../services/connections/disconnect-platform';

/** DELETE /api/connections/{platform}: disconnects (tokens, username and connection data cleared; upcoming scheduled items fail that platform). */
export const handler = httpHandler({ params: z.object({ platform: platformSchema }) }, async ({ params, caller }) => {
  await disconnectPlatform(caller.userId, params.platform, new Date());
  return { status: 204 };
});

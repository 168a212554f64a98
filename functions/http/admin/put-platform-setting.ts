import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { updatePlatformSettingRequestSchema } from '#shared/schemas/admin';
import { platformSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { updatePlatformSetting } from '../../services/admin/settings';

/** PUT /api/admin/platforms/{platform} (update_platform_setting): `{ enabled }`. */
export const handler = httpHandler(
  { auth: 'admin', body: updatePlatformSettingRequestSchema, params: z.object({ platform: platformSchema }) },
  async ({ body, params, caller, event }) => ({
    status: 200,
    body: await updatePlatformSetting(
      { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
      params.platform,
      body.enabled,
    ),
  }),
);

import { httpHandler } from '#functions/route-kinds';
import { feedSettingsSchema } from '#shared/schemas/feeds';
import { saveFeedSettings } from '../../services/feeds/feeds';

/** PUT /api/feed-settings: how many auto-drafts a day (across the caller's feeds). */
export const handler = httpHandler({ body: feedSettingsSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await saveFeedSettings(caller.userId, body),
}));

import { httpHandler } from '#functions/route-kinds';
import { feedSettingsSchema } from '#shared/schemas/feeds';
import { saveFeedSettings } from '../../services/feeds/feeds';

/** PUT /api/feed-settings: how many auto-drafts a day (across the caller's feeds). */
export const handler = httpHandler({ workspace: 'write', body: feedSettingsSchema }, async ({ body, workspace }) => ({
  status: 200,
  body: await saveFeedSettings(workspace.workspaceId, body),
}));

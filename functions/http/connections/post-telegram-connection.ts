import { httpHandler } from '#functions/route-kinds';
import { telegramConnectRequestSchema } from '#shared/schemas/publishing';
import { connectTelegram } from '../../services/connections/connections';

/** POST /api/connections/telegram (telegram-auth): checks the bot and chat, then stores the connection. */
export const handler = httpHandler(
  { workspace: 'connections', body: telegramConnectRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await connectTelegram(workspace.workspaceId, body, new Date()),
  }),
);

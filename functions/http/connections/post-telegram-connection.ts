import { httpHandler } from '#functions/route-kinds';
import { telegramConnectRequestSchema } from '#shared/schemas/publishing';
import { connectTelegram } from '../../services/connections/connections';

/** POST /api/connections/telegram (telegram-auth): checks the bot and chat, then stores the connection. */
export const handler = httpHandler({ body: telegramConnectRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await connectTelegram(caller.userId, body, new Date()),
}));

import { httpHandler } from '#functions/route-kinds';
import { markAllRead } from '../../services/notifications/notify';

/** POST /api/notifications/read: the caller opened the menu; what it showed is read. */
export const handler = httpHandler({}, async ({ caller }) => {
  await markAllRead(caller.userId, new Date());
  return { status: 204 };
});

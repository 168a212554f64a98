import { httpHandler } from '#functions/route-kinds';
import { listMyNotifications } from '../../services/notifications/notify';

/** GET /api/notifications: the caller's newest notifications (30) and how many are unread. */
export const handler = httpHandler({}, async ({ caller }) => ({
  status: 200,
  body: await listMyNotifications(caller.userId),
}));

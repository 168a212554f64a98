import { httpHandler } from '#functions/route-kinds';
import { inboxOperation } from './operations';

/** GET /api/inbox: the caller's new articles, newest first (dismissed ones left out). */
export const handler = httpHandler({ workspace: 'read', ...inboxOperation.schemas }, inboxOperation.run);

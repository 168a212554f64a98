import { httpHandler } from '#functions/route-kinds';
import { publishOperation } from './operations';

/** POST /api/threads/{threadId}/publish: queues one message per platform; answers each platform's state. */
export const handler = httpHandler({ workspace: 'write', ...publishOperation.schemas }, publishOperation.run);

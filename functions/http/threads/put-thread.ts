import { httpHandler } from '#functions/route-kinds';
import { saveThreadOperation } from './operations';

/** PUT /api/threads/{threadId}: saves the caller's edited posts. */
export const handler = httpHandler({ workspace: 'write', ...saveThreadOperation.schemas }, saveThreadOperation.run);

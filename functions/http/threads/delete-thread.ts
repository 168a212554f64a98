import { httpHandler } from '#functions/route-kinds';
import { deleteThreadOperation } from './operations';

/** DELETE /api/threads/{threadId}: deletes one of the caller's threads for good. */
export const handler = httpHandler({ workspace: 'write', ...deleteThreadOperation.schemas }, deleteThreadOperation.run);

import { httpHandler } from '#functions/route-kinds';
import { deleteThreadOperation } from '../threads/operations';

/** DELETE /v1/threads/{threadId}: deletes a thread for good, as DELETE /api/threads/{threadId} does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', ...deleteThreadOperation.schemas },
  deleteThreadOperation.run,
);

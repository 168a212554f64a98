import { httpHandler } from '#functions/route-kinds';
import { saveThreadOperation } from '../threads/operations';

/** PATCH /v1/threads/{threadId}: saves edited posts (and title) as PUT /api/threads/{threadId} does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', ...saveThreadOperation.schemas },
  saveThreadOperation.run,
);

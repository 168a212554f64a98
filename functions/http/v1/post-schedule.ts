import { httpHandler } from '#functions/route-kinds';
import { scheduleThreadOperation } from '../scheduling/operations';

/** POST /v1/threads/{threadId}/schedule: for a time or the next queue slot, as the app's schedule does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'publish', ...scheduleThreadOperation.schemas },
  scheduleThreadOperation.run,
);

import { httpHandler } from '#functions/route-kinds';
import { scheduleThreadOperation } from './operations';

/** POST /api/threads/{threadId}/schedule: schedules the caller's thread for a time or the next queue slot. */
export const handler = httpHandler(
  { workspace: 'write', ...scheduleThreadOperation.schemas },
  scheduleThreadOperation.run,
);

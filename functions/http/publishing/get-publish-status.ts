import { httpHandler } from '#functions/route-kinds';
import { publishStatusOperation } from './operations';

/** GET /api/threads/{threadId}/publishing: each platform's live state (pending, posting, completed, failed). */
export const handler = httpHandler(
  { workspace: 'read', ...publishStatusOperation.schemas },
  publishStatusOperation.run,
);

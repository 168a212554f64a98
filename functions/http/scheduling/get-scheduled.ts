import { httpHandler } from '#functions/route-kinds';
import { listScheduledOperation } from './operations';

/** GET /api/scheduled?view=upcoming|past: the caller's upcoming items, or the last 30 days of ended ones. */
export const handler = httpHandler(
  { workspace: 'read', ...listScheduledOperation.schemas },
  listScheduledOperation.run,
);

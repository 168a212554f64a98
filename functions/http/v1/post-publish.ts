import { httpHandler } from '#functions/route-kinds';
import { publishOperation } from '../publishing/operations';

/**
 * POST /v1/threads/{threadId}/publish: publishes now, as POST /api/threads/{threadId}/publish does
 * (a team's approval rule too: 409 `approval_required`); 202 with each platform's state.
 */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'publish', ...publishOperation.schemas },
  publishOperation.run,
);

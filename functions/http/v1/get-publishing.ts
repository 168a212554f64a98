import { httpHandler } from '#functions/route-kinds';
import { publishStatusOperation } from '../publishing/operations';

/**
 * GET /v1/threads/{threadId}/publishing: each platform's live state and post URL, as GET
 * /api/threads/{threadId}/publishing answers (what a program polls after POST …/publish).
 */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...publishStatusOperation.schemas },
  publishStatusOperation.run,
);

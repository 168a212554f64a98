import { httpHandler } from '#functions/route-kinds';
import { threadPerformanceOperation } from '../insights/operations';

/** GET /v1/threads/{threadId}/performance: as GET /api/threads/{threadId}/performance answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...threadPerformanceOperation.schemas },
  threadPerformanceOperation.run,
);

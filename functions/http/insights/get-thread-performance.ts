import { httpHandler } from '#functions/route-kinds';
import { threadPerformanceOperation } from './operations';

/** GET /api/threads/{threadId}/performance: per platform, the latest figures, the three readings and credit reach. */
export const handler = httpHandler(
  { workspace: 'read', ...threadPerformanceOperation.schemas },
  threadPerformanceOperation.run,
);

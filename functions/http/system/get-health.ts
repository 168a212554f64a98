import { httpHandler } from '#functions/route-kinds';
import { checkHealth } from '../../services/system/health';

/** GET /api/health (public): 200 when the table, auth and queues answer, 503 otherwise. */
export const handler = httpHandler({ auth: 'public' }, async () => {
  const report = await checkHealth();
  return { status: report.status === 'ok' ? 200 : 503, body: report };
});

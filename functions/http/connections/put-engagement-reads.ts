import { httpHandler } from '#functions/route-kinds';
import { engagementReadsRequestSchema } from '#shared/schemas/insights';
import { setXEngagementReads } from '../../services/connections/connections';

/** PUT /api/connections/twitter/engagement-reads: turns X engagement reads (billed by X) on or off. */
export const handler = httpHandler(
  { workspace: 'connections', body: engagementReadsRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await setXEngagementReads(workspace.workspaceId, body.enabled, new Date(), body.accountId),
  }),
);

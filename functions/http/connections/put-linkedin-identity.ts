import { httpHandler } from '#functions/route-kinds';
import { linkedinIdentityRequestSchema } from '#shared/schemas/publishing';
import { chooseLinkedInAuthor } from '../../services/connections/connections';

/** PUT /api/connections/linkedin/identity: posts as the member (null) or as a page they administer. */
export const handler = httpHandler(
  { workspace: 'connections', body: linkedinIdentityRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await chooseLinkedInAuthor(workspace.workspaceId, body.organizationUrn, new Date(), body.accountId),
  }),
);

import { httpHandler } from '#functions/route-kinds';
import { acceptInvitationRequestSchema } from '#shared/schemas/workspaces';
import { acceptInvitation } from '../../services/workspaces/workspaces';

/** POST /api/invitations/accept: joins the workspace an invitation link names (single use, the invited email only). */
export const handler = httpHandler({ body: acceptInvitationRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await acceptInvitation(caller, body.token, new Date()),
}));

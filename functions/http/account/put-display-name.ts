import { httpHandler } from '#functions/route-kinds';
import { displayNameRequestSchema } from '#shared/schemas/account';
import { saveDisplayName } from '../../services/account/accounts';

/** PUT /api/me/display-name: the name the caller's public pages show as their curator (null removes it). */
export const handler = httpHandler({ body: displayNameRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await saveDisplayName(caller, body.displayName, new Date()),
}));

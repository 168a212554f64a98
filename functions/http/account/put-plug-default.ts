import { httpHandler } from '#functions/route-kinds';
import { plugDefaultRequestSchema } from '#shared/schemas/account';
import { savePlugDefault } from '../../services/account/accounts';

/** PUT /api/me/plug-default: the plug the caller's new threads start with (on or off, and its threshold). */
export const handler = httpHandler({ body: plugDefaultRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await savePlugDefault(caller, body.plugDefault, new Date()),
}));

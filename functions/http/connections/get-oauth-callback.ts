import * as z from 'zod';
import { oauthCallbackHandler } from '#functions/route-kinds';
import { isPlatform } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { NotFoundError } from '../../lib/errors';
import type { HttpEvent } from '../../lib/http-handler';
import { completeOAuthConnection, oauthFailureRedirect } from '../../services/connections/oauth-connections';

function platformOf(event: HttpEvent): Platform {
  const platform = event.pathParameters?.platform;
  if (!isPlatform(platform)) throw new NotFoundError('Unknown platform');
  return platform;
}

const callbackQuery = z.looseObject({
  code: z.string().max(2048).optional(),
  error: z.string().max(300).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * GET /api/connections/{platform}/callback (`oauth-callback` kind): the provider sends the browser
 * here; the state is verified and spent, the code exchanged, and the browser returned to the app
 * with `{platform}_connected` or `{platform}_oauth_error`, never a JSON error page.
 */
export const handler = oauthCallbackHandler(
  {
    provider: platformOf,
    query: callbackQuery,
    onFailure: (error, event) => {
      const platform = event.pathParameters?.platform;
      if (!isPlatform(platform)) return { status: 404, body: { error: 'Unknown platform', code: 'not_found' } };
      return oauthFailureRedirect(platform, error);
    },
  },
  async ({ state, query, event }) =>
    completeOAuthConnection(platformOf(event), state, query as Record<string, string | undefined>, new Date()),
);

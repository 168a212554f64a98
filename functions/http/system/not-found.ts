import { httpHandler } from '#functions/route-kinds';
import { NotFoundError } from '../../lib/errors';

/** Catch-all for /api paths no route matches: a JSON 404 rather than the gateway's default. */
export const handler = httpHandler({ auth: 'public' }, async ({ event }) => {
  throw new NotFoundError(`No API route for ${event.requestContext.http.method} ${event.rawPath}`, 'route_not_found');
});

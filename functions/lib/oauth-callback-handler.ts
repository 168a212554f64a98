import { z } from 'zod';
import { OAuthStateError } from './errors';
import {
  type HttpEvent,
  type HttpResult,
  json,
  parseInput,
  type RouteContext,
  type RouteHandler,
  routeStack,
} from './http-handler';
import { consumeOAuthState, type OAuthState } from './oauth-state';

export interface OAuthCallbackInput<TQuery> {
  /** The verified, now spent, state: whose flow this is. */
  state: OAuthState;
  /** The other query parameters (`code`, or the provider's `error`), validated. */
  query: TQuery;
  event: HttpEvent;
}

interface OAuthContext extends RouteContext {
  oauthState?: OAuthState;
}

const stateQuery = z.object({ state: z.string().min(1).max(2048) });

/**
 * Builds an `oauth-callback` route handler: no token (the provider redirects the browser here),
 * a signed single-use `state` instead, checked and spent before the route runs.
 */
export function oauthCallbackHandler<TQuery>(
  options: { provider: string; query: z.ZodType<TQuery> },
  route: (input: OAuthCallbackInput<TQuery>) => Promise<HttpResult>,
): RouteHandler {
  const guard = {
    before: async (request: { event: HttpEvent; context: OAuthContext }) => {
      const parsed = stateQuery.safeParse(request.event.queryStringParameters ?? {});
      if (!parsed.success) throw new OAuthStateError();
      request.context.oauthState = await consumeOAuthState(parsed.data.state, options.provider, new Date());
    },
  };
  return routeStack(
    'oauth-callback',
    async (event, context: OAuthContext) => {
      const state = context.oauthState;
      if (!state) throw new OAuthStateError();
      const query = parseInput(options.query, event.queryStringParameters ?? {}, 'query parameters');
      const result = await route({ state, query, event });
      return json(result.status, result.body, result.headers);
    },
    [guard],
  );
}

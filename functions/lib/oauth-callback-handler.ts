import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod';
import { OAuthStateError } from './errors';
import {
  type AccountChecks,
  type HttpEvent,
  type HttpResponse,
  type HttpResult,
  json,
  parseInput,
  type RouteContext,
  type RouteHandler,
  routeStack,
} from './http-handler';
import { logger } from './logger';
import { clearedOAuthBrowserCookie, readOAuthBrowserKey } from './oauth-browser-cookie';
import type { OAuthState } from './oauth-state';

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

export interface OAuthCallbackOptions<TQuery> {
  /** The provider whose states this route accepts: fixed, or read from the request (a `{platform}` path). */
  provider: string | ((event: HttpEvent) => string);
  query: z.ZodType<TQuery>;
  /**
   * A browser-facing callback answers every failure (bad state, provider error, refused exchange)
   * with this response, e.g. a redirect to the SPA with an error notice, instead of a JSON error.
   */
  onFailure?: (error: Error, event: HttpEvent) => HttpResult;
}

const stateQuery = z.object({ state: z.string().min(1).max(4096) });

/** What the `oauth-callback` kind checks against the table, passed in by the wiring (functions/route-kinds.ts). */
export interface OAuthCallbackChecks extends Pick<AccountChecks, 'refuseDeletedAccount'> {
  /**
   * Verifies a callback's `state` for the provider and spends it, once, when `browserKey` (the flow
   * cookie's value, null without one) is the key it was issued with; throws OAuthStateError, or
   * OAuthBrowserMismatchError leaving the state unspent.
   */
  spendOAuthState(token: string, provider: string, browserKey: string | null, now: Date): Promise<OAuthState>;
}

/**
 * Builds an `oauth-callback` route handler: no token (the provider redirects the browser here),
 * a signed single-use `state` instead, bound to the browser that started the flow by its cookie,
 * checked and spent before the route runs (the cookie is then cleared), and refused when the user
 * who started the flow has deleted their account since.
 */
export type OAuthCallbackHandlerBuilder = <TQuery>(
  options: OAuthCallbackOptions<TQuery>,
  route: (input: OAuthCallbackInput<TQuery>) => Promise<HttpResult>,
) => RouteHandler;

/** The `oauth-callback` route builder that spends states and refuses deleted accounts with the given checks. */
export function oauthCallbackHandlerWith(checks: OAuthCallbackChecks): OAuthCallbackHandlerBuilder {
  return (options, route) => oauthCallbackRoute(checks, options, route);
}

function oauthCallbackRoute<TQuery>(
  checks: OAuthCallbackChecks,
  options: OAuthCallbackOptions<TQuery>,
  route: (input: OAuthCallbackInput<TQuery>) => Promise<HttpResult>,
): RouteHandler {
  const providerOf = (event: HttpEvent) =>
    typeof options.provider === 'string' ? options.provider : options.provider(event);
  const guard: MiddlewareObj<HttpEvent, HttpResponse, Error, OAuthContext> = {
    before: async (request) => {
      const parsed = stateQuery.safeParse(request.event.queryStringParameters ?? {});
      if (!parsed.success) throw new OAuthStateError();
      const provider = providerOf(request.event);
      const browserKey = readOAuthBrowserKey(request.event, provider);
      const state = await checks.spendOAuthState(parsed.data.state, provider, browserKey, new Date());
      // The flow acts for the user who started it: not once their account is deleted.
      await checks.refuseDeletedAccount(state.userId, new Date());
      request.context.oauthState = state;
    },
  };
  const guards: MiddlewareObj<HttpEvent, HttpResponse, Error, OAuthContext>[] = [];
  const { onFailure } = options;
  if (onFailure) {
    // Registered before the state guard, so its onError runs after the guard's and before the JSON mapping.
    guards.push({
      onError: async (request) => {
        const error = request.error ?? new Error('unknown');
        if (!(error instanceof OAuthStateError)) logger.warn('oauth callback failed', { error });
        const result = onFailure(error, request.event);
        request.response = json(result.status, result.body, result.headers);
      },
    });
  }
  guards.push(guard);
  return routeStack(
    'oauth-callback',
    async (event, context: OAuthContext) => {
      const state = context.oauthState;
      if (!state) throw new OAuthStateError();
      const query = parseInput(options.query, event.queryStringParameters ?? {}, 'query parameters');
      const result = await route({ state, query, event });
      // The state is spent: its browser key is of no further use.
      const cleared = clearedOAuthBrowserCookie(state.provider, event.rawPath.replace(/[^\w\-./]/g, ''));
      return json(result.status, result.body, result.headers, [cleared, ...(result.cookies ?? [])]);
    },
    guards,
  );
}

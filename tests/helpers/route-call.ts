import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A route handler as the manifest builds it (a middy handler taking an API Gateway v2 event). */
// biome-ignore lint/suspicious/noExplicitAny: any route's middy handler, whatever its schemas
export type RouteHandler = (event: any, context: any) => Promise<unknown>;

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The browser's cookies (`name=value`), as API Gateway payload 2.0 passes them. */
  cookies?: string[];
  /** Further request headers (e.g. `x-workspace-id`, the workspace a request acts in). */
  headers?: Record<string, string>;
}

/** What the route answered: its status and parsed JSON body (null when empty). */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered and assert on it
export type RouteAnswer = { status: number; body: any; cookies?: string[] };

/**
 * Calls a handler as API Gateway would after its JWT authorizer accepted `userId`'s token (the
 * caller's email is `<userId>@example.com` unless given).
 */
export async function callRoute(
  route: RouteHandler,
  caller: { userId: string; email?: string },
  request: RouteRequest = {},
  options: RouteCallOptions = {},
): Promise<RouteAnswer> {
  const result = await invokeRoute(route, caller, request, options);
  return {
    status: result.statusCode ?? 200,
    body: result.body ? JSON.parse(result.body) : null,
    // Only routes that set cookies answer with them (toEqual ignores an undefined field).
    cookies: result.cookies,
  };
}

/** Calls a route that answers the browser with a redirect (an OAuth callback): its status and Location. */
export async function callRedirectRoute(
  route: RouteHandler,
  caller: { userId: string; email?: string },
  request: RouteRequest = {},
  options: RouteCallOptions = {},
): Promise<{ status: number; location: string | null; cookies: string[] }> {
  const result = await invokeRoute(route, caller, request, options);
  const location = result.headers?.location;
  return {
    status: result.statusCode ?? 200,
    location: location === undefined ? null : String(location),
    cookies: result.cookies ?? [],
  };
}

interface RouteCallOptions {
  path?: string;
  method?: string;
  userAgent?: string;
  /** The client's address as API Gateway reports it (public routes limit per address). */
  sourceIp?: string;
}

async function invokeRoute(
  route: RouteHandler,
  caller: { userId: string; email?: string },
  request: RouteRequest,
  options: RouteCallOptions,
): Promise<APIGatewayProxyStructuredResultV2> {
  const path = options.path ?? '/api';
  const event = {
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { 'user-agent': options.userAgent ?? 'route test', ...request.headers },
    cookies: request.cookies,
    queryStringParameters: request.query,
    pathParameters: request.params,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
    requestContext: {
      http: { method: options.method ?? 'GET', path, sourceIp: options.sourceIp ?? '192.0.2.1' },
      authorizer: {
        jwt: { claims: { sub: caller.userId, email: caller.email ?? `${caller.userId}@example.com` }, scopes: [] },
      },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  return (await route(event, {})) as APIGatewayProxyStructuredResultV2;
}

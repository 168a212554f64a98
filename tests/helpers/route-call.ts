import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A route handler as the manifest builds it (a middy handler taking an API Gateway v2 event). */
// biome-ignore lint/suspicious/noExplicitAny: any route's middy handler, whatever its schemas
export type RouteHandler = (event: any, context: any) => Promise<unknown>;

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** What the route answered: its status, headers (a redirect's `location`) and parsed JSON body (null when empty). */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered and assert on it
export type RouteAnswer = { status: number; headers: Record<string, string>; body: any };

/**
 * Calls a handler as API Gateway would after its JWT authorizer accepted `userId`'s token (the
 * caller's email is `<userId>@example.com` unless given).
 */
export async function callRoute(
  route: RouteHandler,
  caller: { userId: string; email?: string },
  request: RouteRequest = {},
  options: { path?: string; method?: string; userAgent?: string } = {},
): Promise<RouteAnswer> {
  const path = options.path ?? '/api';
  const event = {
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: { 'user-agent': options.userAgent ?? 'route test' },
    queryStringParameters: request.query,
    pathParameters: request.params,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
    requestContext: {
      http: { method: options.method ?? 'GET', path },
      authorizer: {
        jwt: { claims: { sub: caller.userId, email: caller.email ?? `${caller.userId}@example.com` }, scopes: [] },
      },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  const result = (await route(event, {})) as APIGatewayProxyStructuredResultV2;
  return {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)])),
    body: result.body ? JSON.parse(result.body) : null,
  };
}

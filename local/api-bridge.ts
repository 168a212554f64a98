import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import type { ApiKeyAuthorizerContext, ApiKeyRefusalContext } from '../functions/auth/api-key-authorizer';
import { apiKeyAuthorizer, type RouteEntry, TOKEN_KINDS } from '../functions/manifest';
import type { ErrorCode } from '../shared/error-codes';
import { safeDecode } from '../shared/url';
import { claimsForEvent } from './jwt-verifier';
import { invokeHandler } from './lambda-runtime';
import { createRouter, refuseMalformedPath } from './routes';

type ApiKeyContext = ApiKeyAuthorizerContext | ApiKeyRefusalContext;

/** API Gateway's own payload limit; the handlers refuse anything over 256 KB themselves. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_SECONDS = 10;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The gateway's own refusals, shaped like the handlers' `{ error, code }`. */
function refuse(res: ServerResponse, status: number, error: string, code: ErrorCode): void {
  sendJson(res, status, { error, code });
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > GATEWAY_MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** True when some query name or value is not valid percent-encoded UTF-8. */
function hasMalformedQuery(search: string): boolean {
  return search
    .replace(/^\?/, '')
    .split(/[&=]/)
    .some((part) => safeDecode(part.replace(/\+/g, ' ')) === null);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteEntry,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: JWTPayload | null,
  apiKey: ApiKeyContext | null = null,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = Date.now();
  const method = req.method ?? 'GET';
  // Webhook bodies stay bytes (base64), as API Gateway does for binary media: a signature covers bytes.
  const isText =
    route.auth !== 'webhook' &&
    /json|text|x-www-form-urlencoded/.test(req.headers['content-type'] ?? 'application/json');
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] ? `${query[name]},${value}` : value;
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: req.headers.cookie?.split(/;\s*/),
    headers: headersOf(req),
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.byteLength ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.byteLength > 0 && !isText,
    stageVariables: undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      // Like API Gateway, only routes behind the JWT authorizer get an authorizer block.
      ...(claims
        ? {
            authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claimsForEvent(claims), scopes: [] } },
          }
        : {}),
      // A Lambda authorizer's context arrives as `authorizer.lambda`, as API Gateway passes it.
      ...(apiKey ? { authorizer: { lambda: apiKey } } : {}),
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function writeResult(res: ServerResponse, result: unknown): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    // API Gateway's payload 2.0 rule: a result without statusCode is a 200 JSON body.
    sendJson(res, 200, result);
    return;
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(structured.body ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/**
 * The API key authorizer, run as API Gateway runs it before an `api-key` route (the same handler
 * module, uncached unless the bridge was given a cache, so a revocation is refused from the next
 * request; with `authorizerCacheSeconds`, answers are kept per identity source as the gateway keeps
 * them, for bench:api-keys): its context (a
 * principal, or a refusal the route answers in our `{ error, code }` shape, as in the cloud), or
 * null when it denied the request (the gateway's own 403).
 */
async function authorizeApiKey(
  req: IncomingMessage,
  url: URL,
  route: RouteEntry,
  cache: AuthorizerCache | null,
): Promise<ApiKeyContext | null> {
  const now = Date.now();
  const identity = [req.headers.authorization ?? '', req.socket.remoteAddress ?? '127.0.0.1'];
  const cacheKey = identity.join('\n');
  const cached = cache?.answers.get(cacheKey);
  if (cached && cached.expiresAt > now) return cached.context;
  const event = {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${route.method}${route.path}`,
    identitySource: identity,
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers: headersOf(req),
    requestContext: {
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      timeEpoch: now,
    },
  };
  const answer = (await invokeHandler(apiKeyAuthorizer.handler, event, apiKeyAuthorizer.timeoutSeconds)) as {
    isAuthorized: boolean;
    context?: ApiKeyContext;
  };
  const context = answer.isAuthorized && answer.context ? answer.context : null;
  cache?.answers.set(cacheKey, { context, expiresAt: now + cache.ttlSeconds * 1000 });
  return context;
}

/** The gateway's authorizer cache, when the bridge keeps one: answers by identity source, for a TTL. */
interface AuthorizerCache {
  ttlSeconds: number;
  answers: Map<string, { context: ApiKeyContext | null; expiresAt: number }>;
}

/**
 * The local stand-in for API Gateway: matches a manifest route, verifies the bearer token for
 * routes that need one (401 otherwise, as the JWT authorizer answers) and runs the API key
 * authorizer before `api-key` routes (401 without an Authorization header, as the gateway answers
 * unasked; a refused key reaches the route as the authorizer's refusal context, as in the cloud), builds the payload 2.0 event and invokes the same handler module the cloud runs.
 */
export function createApiBridge(
  routes: RouteEntry[],
  verifyToken: (token: string) => Promise<JWTPayload>,
  options: { authorizerCacheSeconds?: number } = {},
) {
  const match = createRouter(routes);
  // Off unless asked (bench:api-keys): locally a revocation is refused from the next request.
  const cache: AuthorizerCache | null = options.authorizerCacheSeconds
    ? { ttlSeconds: options.authorizerCacheSeconds, answers: new Map() }
    : null;
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const found = match(req.method ?? 'GET', url.pathname);
    if (!found) return refuse(res, 404, 'Not found', 'route_not_found');
    if (found.malformed || hasMalformedQuery(url.search)) return refuseMalformedPath(res);
    let claims: JWTPayload | null = null;
    // Only token kinds pass through the JWT authorizer; the others never see claims.
    if (TOKEN_KINDS.includes(found.route.auth)) {
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return refuse(res, 401, 'Authentication required', 'unauthorized');
      try {
        claims = await verifyToken(token);
      } catch {
        return refuse(res, 401, 'Invalid or expired token', 'unauthorized');
      }
    }
    let apiKey: ApiKeyContext | null = null;
    if (found.route.auth === 'api-key') {
      // The authorizer's identity source is the Authorization header: without it the gateway refuses unasked.
      if (!req.headers.authorization) return refuse(res, 401, 'Authentication required', 'unauthorized');
      try {
        apiKey = await authorizeApiKey(req, url, found.route, cache);
      } catch (error) {
        console.error('[api] the API key authorizer failed:', error);
        return refuse(res, 500, 'Internal Server Error', 'internal_error');
      }
      // Never so with our authorizer (a refusal is a context): the gateway's deny, had it denied.
      if (!apiKey) return refuse(res, 403, 'Forbidden', 'api_key_invalid');
    }
    const body = await readBody(req);
    if (body === null) return refuse(res, 413, 'Request body too large', 'payload_too_large');
    const event = toEvent(req, url, found.route, found.pathParameters, body, claims, apiKey);
    try {
      const result = await invokeHandler(
        found.route.handler,
        event,
        found.route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      );
      writeResult(res, result);
    } catch (error) {
      console.error(`[api] ${found.route.handler} failed:`, error);
      refuse(res, 500, 'Internal Server Error', 'internal_error');
    }
  };
}

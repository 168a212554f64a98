import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { mcpMessages } from '#shared/messages/mcp';
import { DomainError } from '../../lib/errors';
import {
  type HttpEvent,
  type HttpResponse,
  json,
  MAX_BODY_BYTES,
  rawBodyOf,
  refuseApiKeyInUrl,
  routeStack,
  userAgentOf,
} from '../../lib/http-handler';
import { logger } from '../../lib/logger';
import { takeApiKeyRequest } from '../../services/api-keys/request-budget';
import { verifyApiKey } from '../../services/api-keys/verify-api-key';
import { inProcessOperations } from '../../services/mcp/in-process-operations';
import { createMcpServer } from '../../services/mcp/server';

/** The headers of a request the MCP transport reads. */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/**
 * 401 with the bearer challenge the MCP authorization spec asks of a protected server (RFC 6750):
 * no `error` without credentials, `invalid_token` for a key that is refused.
 */
export function mcpUnauthorized(hadCredentials: boolean): HttpResponse {
  const challenge = hadCredentials
    ? `Bearer realm="ThreadSnip", error="invalid_token", error_description="${apiErrorMessages.api_key_invalid.replace(/"/g, "'")}"`
    : 'Bearer realm="ThreadSnip"';
  return json(
    401,
    { error: apiErrorMessages.api_key_invalid, code: 'api_key_invalid' },
    { 'www-authenticate': challenge },
  );
}

async function answerMcp(event: HttpEvent): Promise<HttpResponse> {
  // Stateless: no session to resume (GET) or end (DELETE); the transport's spec allows a 405 for both.
  if (event.requestContext.http.method !== 'POST')
    return json(405, { error: mcpMessages.methodNotAllowed, code: 'invalid_request' }, { allow: 'POST' });
  refuseApiKeyInUrl(event.rawQueryString);
  const authorization = event.headers?.authorization;
  const userAgent = userAgentOf(event);
  let principal: Awaited<ReturnType<typeof verifyApiKey>>;
  try {
    principal = await verifyApiKey({
      authorization,
      sourceIp: event.requestContext.http.sourceIp,
      userAgent,
      now: new Date(),
    });
  } catch (error) {
    if (error instanceof DomainError && error.status === 401) return mcpUnauthorized(Boolean(authorization));
    throw error;
  }
  // One request of the key's budget per HTTP request, as on /v1 (429 with Retry-After when spent).
  const rateHeaders = await takeApiKeyRequest(
    { keyId: principal.keyId, workspaceId: principal.workspaceId, scopes: principal.scopes },
    principal.userId,
    new Date(),
  );
  const body = rawBodyOf(event, MAX_BODY_BYTES);
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = event.headers?.[name];
    if (value) headers.set(name, value);
  }
  const server = createMcpServer(inProcessOperations({ principal, userAgent }), {
    onUnexpectedError: (error) => logger.error('an MCP operation failed', { error }),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(
      new Request(`https://${event.requestContext.domainName}${event.rawPath}`, {
        method: 'POST',
        headers,
        body: body.byteLength ? body.toString('utf8') : undefined,
      }),
    );
    return {
      statusCode: response.status,
      headers: { ...Object.fromEntries(response.headers), 'cache-control': 'no-store', ...rateHeaders },
      body: await response.text(),
    };
  } finally {
    await server.close();
  }
}

/**
 * POST /mcp: the MCP server over streamable HTTP, stateless (a server and transport per request, JSON
 * answers), for the key in `Authorization: Bearer tsk_live_…`. The route has no gateway authorizer:
 * the key is verified here by the /v1 authorizer's own check (verifyApiKey) so a refusal can carry
 * the `WWW-Authenticate` challenge MCP clients read; each tool checks its scope as its /v1 route does.
 */
export const handler = routeStack('public', (event) => answerMcp(event));

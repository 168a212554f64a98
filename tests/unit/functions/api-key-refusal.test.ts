import { describe, expect, it } from 'vitest';

// Nothing here reaches the table: a refusal is decided before any read.
Object.assign(process.env, { TABLE_NAME: 'threadsnip-unit-never-used', APP_PUBLIC_URL: 'http://localhost:3000' });
const { handler: authorizer } = await import('#functions/auth/api-key-authorizer');
const { handler: listThreads } = await import('#functions/http/v1/get-threads');

// In the cloud an HTTP API answers an authorizer's deny with its own `{"message":"Forbidden"}`; so the
// authorizer lets a refused key through with its refusal as context, and the /v1 route's stack
// answers it in our `{ error, code }` shape before the handler runs (docs/api.md).

function authorizerEvent(authorization: string | undefined) {
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:us-east-1:000000000000:api/$default/GET/v1/threads',
    identitySource: [authorization ?? '', '192.0.2.1'],
    routeKey: 'GET /v1/threads',
    rawPath: '/v1/threads',
    rawQueryString: '',
    headers: authorization === undefined ? {} : { authorization },
    requestContext: { http: { method: 'GET', path: '/v1/threads', sourceIp: '192.0.2.1' }, requestId: 'r-1' },
  };
}

function routeEvent(lambda: Record<string, string> | undefined) {
  return {
    version: '2.0',
    rawPath: '/v1/threads',
    rawQueryString: '',
    headers: { 'user-agent': 'refusal test' },
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'GET', path: '/v1/threads', sourceIp: '192.0.2.1' },
      ...(lambda ? { authorizer: { lambda } } : {}),
    },
  };
}

describe('the API key authorizer', () => {
  it('lets a malformed or absent key through as a refusal, never as a principal', async () => {
    for (const authorization of [
      undefined,
      'Bearer tsk_live_short',
      'Basic abc',
      'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
    ]) {
      // biome-ignore lint/suspicious/noExplicitAny: a hand-made gateway event
      const answer = await authorizer(authorizerEvent(authorization) as any, {} as any);

      expect(answer, String(authorization)).toEqual({ isAuthorized: true, context: { refusal: 'api_key_invalid' } });
    }
  });
});

describe("a /v1 route's stack", () => {
  it('answers the refusal context with 401 api_key_invalid in our shape, before the handler reads anything', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a hand-made gateway event
    const refused = (await listThreads(routeEvent({ refusal: 'api_key_invalid' }) as any, {} as any)) as {
      statusCode: number;
      body: string;
    };
    // biome-ignore lint/suspicious/noExplicitAny: a hand-made gateway event
    const none = (await listThreads(routeEvent(undefined) as any, {} as any)) as { statusCode: number; body: string };

    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/\S/), code: 'api_key_invalid' });
    expect(JSON.parse(refused.body)).not.toHaveProperty('message');
    expect(none.statusCode).toBe(401);
    expect(JSON.parse(none.body)).toEqual(JSON.parse(refused.body));
  });

  it('never takes a refusal that also names a key for that key', async () => {
    const forged = { refusal: 'api_key_invalid', keyId: 'k', userId: 'u', workspaceId: 'u', scopes: 'read' };
    // biome-ignore lint/suspicious/noExplicitAny: a hand-made gateway event
    const answer = (await listThreads(routeEvent(forged) as any, {} as any)) as { statusCode: number; body: string };

    expect(answer.statusCode).toBe(401);
    expect(JSON.parse(answer.body).code).toBe('api_key_invalid');
  });
});

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteHandler } from '#functions/lib/http-handler';
import { routes } from '#functions/manifest';
import { handlerUrl } from '#tests/helpers/paths';
import { seededThread } from '../../helpers/seed-threads';
import { startTestTable } from '../../helpers/test-table';

// Every admin route of the manifest, through the handler its Lambda runs: signed out, as a regular
// user (even one whose token claims the admin group) and as an admin. Only the admin gets data, and
// every attempt leaves an admin_access_check(_failed) security event with who, when and from what.

const table = await startTestTable();
const { db, tableName } = await import('#functions/data/client');
const { keys } = await import('#functions/data/keys');
const accounts = await import('#functions/data/account-repository');
const { putThread } = await import('#functions/data/thread-repository');

afterAll(() => table.stop());

const USER_AGENT = 'Mozilla/5.0 (admin routes test)';
const ADMIN = 'admin-0001';
const REGULAR = 'user-0001';

/** A request each admin route answers with success for an admin (keyed `METHOD path`). */
const adminRequests: Record<string, { body?: unknown; params?: Record<string, string>; status: number }> = {
  'GET /api/admin/access': { status: 200 },
  'GET /api/admin/users': { status: 200 },
  'GET /api/admin/workspaces': { status: 200 },
  'PUT /api/admin/users/{userId}/role': { params: { userId: 'target-0001' }, body: { role: 'admin' }, status: 200 },
  'GET /api/admin/threads': { status: 200 },
  'GET /api/admin/statistics': { status: 200 },
  'GET /api/admin/transactions': { status: 200 },
  'GET /api/admin/orders': { status: 200 },
  'GET /api/admin/settings': { status: 200 },
  'PUT /api/admin/platforms/{platform}': { params: { platform: 'mastodon' }, body: { enabled: false }, status: 200 },
  'GET /api/admin/threads/{threadId}': { params: { threadId: 'thread-to-view' }, status: 200 },
  'DELETE /api/admin/threads/{threadId}': { params: { threadId: 'thread-to-delete' }, status: 204 },
  'POST /api/admin/actions': { body: { action: 'refresh_admin_credits' }, status: 200 },
  'GET /api/admin/security-events': { status: 200 },
};

const adminRoutes = routes.filter((route) => route.auth === 'admin');

beforeAll(async () => {
  const now = new Date().toISOString();
  await accounts.createRoleIfMissing(ADMIN, 'admin', now);
  await accounts.createRoleIfMissing(REGULAR, 'user', now);
  await accounts.createRoleIfMissing('target-0001', 'user', now);
  await putThread(seededThread(REGULAR, 1, { id: 'thread-to-view' }));
  await putThread(seededThread(REGULAR, 2, { id: 'thread-to-delete' }));
});

async function call(
  handlerPath: string,
  routeKey: string,
  caller: { userId: string; groups?: string } | null,
  request: { body?: unknown; params?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON the route answered
): Promise<{ status: number; body: any }> {
  const { handler } = (await import(/* @vite-ignore */ handlerUrl(handlerPath))) as { handler: RouteHandler };
  const [method, template = ''] = routeKey.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => request.params?.[name] ?? name);
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'user-agent': USER_AGENT },
    pathParameters: request.params,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    isBase64Encoded: false,
    requestContext: {
      http: { method, path },
      authorizer: caller
        ? {
            jwt: {
              claims: {
                sub: caller.userId,
                email: `${caller.userId}@example.com`,
                'cognito:groups': caller.groups ?? '[]',
              },
              scopes: [],
            },
          }
        : undefined,
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  const result = (await handler(event, {} as never)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : null };
}

async function adminChecks(userId: string) {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.securityEventPrefix },
    }),
  );
  return (result.Items ?? [])
    .filter((item) => String(item.eventType).startsWith('admin_access_check'))
    .map((item) => ({ eventType: item.eventType as string, details: item.eventDetails as Record<string, unknown> }));
}

describe('admin routes', () => {
  it('has a tested request for every admin route in the manifest', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) expect(adminRequests, route.path).toHaveProperty(`${route.method} ${route.path}`);
  });

  for (const route of adminRoutes) {
    const routeKey = `${route.method} ${route.path}`;
    const request = adminRequests[routeKey] ?? { status: 200 };

    it(`${routeKey}: signed out 401, regular user 403 (even claiming the admin group), admin ${request.status}; each check logged`, async () => {
      const before = {
        anonymous: (await adminChecks('anonymous')).length,
        regular: (await adminChecks(REGULAR)).length,
        admin: (await adminChecks(ADMIN)).length,
      };

      const signedOut = await call(route.handler, routeKey, null, request);
      const regular = await call(route.handler, routeKey, { userId: REGULAR }, request);
      const forged = await call(route.handler, routeKey, { userId: REGULAR, groups: '[admin]' }, request);
      const admin = await call(route.handler, routeKey, { userId: ADMIN }, request);

      expect(signedOut).toEqual({ status: 401, body: { error: 'Authentication required', code: 'unauthorized' } });
      for (const refused of [regular, forged]) {
        expect(refused).toEqual({
          status: 403,
          body: { error: "You don't have permission to access this page.", code: 'admin_required' },
        });
      }
      expect(admin.status).toBe(request.status);

      const anonymous = (await adminChecks('anonymous')).slice(before.anonymous);
      const regularChecks = (await adminChecks(REGULAR)).slice(before.regular);
      const adminChecksMade = (await adminChecks(ADMIN)).slice(before.admin);
      expect(anonymous.map((event) => event.eventType)).toEqual(['admin_access_check_failed']);
      expect(anonymous[0]?.details).toMatchObject({ success: false, userId: null, userAgent: USER_AGENT });
      expect(regularChecks.map((event) => event.eventType)).toEqual([
        'admin_access_check_failed',
        'admin_access_check_failed',
      ]);
      expect(regularChecks[0]?.details).toMatchObject({ success: false, userId: REGULAR, userAgent: USER_AGENT });
      expect(adminChecksMade.map((event) => event.eventType)).toEqual(['admin_access_check']);
      expect(adminChecksMade[0]?.details).toMatchObject({
        success: true,
        userId: ADMIN,
        userAgent: USER_AGENT,
        route: routeKey.replace(/\{(\w+)\}/g, (_, name: string) => request.params?.[name] ?? name),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });
  }
});

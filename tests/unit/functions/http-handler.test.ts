import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ForbiddenError } from '#functions/lib/errors';
import { callerFromEvent } from '#functions/lib/http-handler';
import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { startTestTable } from '../../helpers/test-table';

// Every token route reads its caller's tombstone: an in-memory dynalite table holds them.
const table = await startTestTable();
const tombstones = await import('#functions/data/account-deletion-repository');
afterAll(() => table.stop());

function event(overrides: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> & { claims?: Record<string, unknown> }) {
  const { claims, ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/things' },
      authorizer: { jwt: { claims: claims ?? {}, scopes: [] } },
    },
    ...rest,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const context = {} as never;
const user = {
  sub: 'user-1',
  email: 'Curator@Example.com',
  'cognito:username': 'user-1',
  'cognito:groups': '[admin writers]',
};

describe('the HTTP handler stack', () => {
  const handler = httpHandler({ body: z.object({ name: z.string().min(1) }) }, async ({ body, caller }) => ({
    status: 201,
    body: { hello: body.name, by: caller.userId },
  }));

  it('reads the caller from the authorizer claims, groups in either form', () => {
    expect(callerFromEvent(event({ claims: user }))).toEqual({
      userId: 'user-1',
      username: 'user-1',
      email: 'curator@example.com',
      groups: ['admin', 'writers'],
    });
    expect(callerFromEvent(event({ claims: { ...user, 'cognito:groups': ['admin'] } }))?.groups).toEqual(['admin']);
    expect(callerFromEvent(event({}))).toBeNull();
  });

  it('answers a valid request with the route result as JSON', async () => {
    const result = await handler(event({ claims: user, body: JSON.stringify({ name: 'Ada' }) }), context);
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body ?? '')).toEqual({ hello: 'Ada', by: 'user-1' });
  });

  it('answers 401 without a caller, and 400 for malformed, mistyped or oversized bodies', async () => {
    expect((await handler(event({ body: '{"name":"Ada"}' }), context)).statusCode).toBe(401);
    const malformed = await handler(event({ claims: user, body: '{"name":' }), context);
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body ?? '')).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
    const mistyped = await handler(event({ claims: user, body: '{"name":7}' }), context);
    expect(JSON.parse(mistyped.body ?? '').error).toMatch(/^Invalid request body: name:/);
    expect(JSON.parse(mistyped.body ?? '').code).toBe('invalid_request');
    const huge = await handler(event({ claims: user, body: JSON.stringify({ name: 'x'.repeat(300_000) }) }), context);
    expect(huge.statusCode).toBe(400);
    expect(JSON.parse(huge.body ?? '').code).toBe('payload_too_large');
  });

  it('maps domain errors to their status and hides unexpected ones behind a generic 500', async () => {
    const forbidden = httpHandler({}, async () => {
      throw new ForbiddenError('Access Denied');
    });
    expect(await forbidden(event({ claims: user }), context)).toMatchObject({
      statusCode: 403,
      body: '{"error":"Access Denied","code":"forbidden"}',
    });
    const broken = httpHandler({}, async () => {
      throw new Error('connection string postgres://secret');
    });
    const result = await broken(event({ claims: user }), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(JSON.parse(result.body ?? '').code).toBe('internal_error');
  });

  it('refuses a decoded path parameter it cannot use (a lone surrogate, a control character) with 400 and a code', async () => {
    const byId = httpHandler({ params: threadParamsSchema }, async ({ params }) => ({ status: 200, body: params }));
    for (const threadId of ['\ud800', 'a\u0000b']) {
      const response = await byId(event({ claims: user, pathParameters: { threadId } }), context);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'invalid_request' });
    }
    const fine = await byId(event({ claims: user, pathParameters: { threadId: 'f00d' } }), context);
    expect(fine.statusCode).toBe(200);
  });

  it("refuses a deleted account's still-valid token with 401 account_deleted before the route runs", async () => {
    let ran = 0;
    const counting = httpHandler({}, async () => {
      ran += 1;
      return { status: 204 };
    });
    const resuming = httpHandler({ resumesAccountDeletion: true }, async () => {
      ran += 1;
      return { status: 204 };
    });
    const gone = { ...user, sub: 'gone-1', 'cognito:username': 'gone-1' };
    const later = new Date(Date.now() + 3_600_000);
    await tombstones.layAccountTombstone('gone-1', new Date(), later);

    const refused = await counting(event({ claims: gone }), context);
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body ?? '')).toEqual({
      error: 'This account has been deleted.',
      code: 'account_deleted',
    });
    // Only the deletion itself may run again, and only until it has finished.
    expect((await resuming(event({ claims: gone }), context)).statusCode).toBe(204);
    await tombstones.finishAccountTombstone('gone-1', new Date(), later);
    expect((await resuming(event({ claims: gone }), context)).statusCode).toBe(401);
    expect(ran).toBe(1);
    // Another account's token is not affected.
    expect((await counting(event({ claims: user }), context)).statusCode).toBe(204);
  });

  it("makes a route's first read with the deleted-account check and runs the route only for a live account", async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('#functions/data/client');
    const note = { pk: 'NOTE#first-read', sk: 'NOTE' };
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...note, text: 'kept' } }));
    const ran: string[] = [];
    const byItem = httpHandler(
      { params: threadParamsSchema, firstRead: () => ({ item: note, parse: (item) => String(item?.text) }) },
      async ({ read }) => {
        ran.push(`item ${read}`);
        return { status: 200, body: { read } };
      },
    );
    const sideBySide = httpHandler(
      { query: z.object({ page: z.enum(['first']) }), firstRead: () => ({ sideBySide: async () => 'a page' }) },
      async ({ read }) => {
        ran.push(`query ${read}`);
        return { status: 200, body: { read } };
      },
    );
    const live = { ...user, sub: 'reader-1', 'cognito:username': 'reader-1' };
    const gone = { ...user, sub: 'gone-2', 'cognito:username': 'gone-2' };
    await tombstones.layAccountTombstone('gone-2', new Date(), new Date(Date.now() + 3_600_000));
    const withId = { pathParameters: { threadId: 'f00d' } };
    const firstPage = { queryStringParameters: { page: 'first' } };

    expect(JSON.parse((await byItem(event({ claims: live, ...withId }), context)).body ?? '')).toEqual({
      read: 'kept',
    });
    expect(JSON.parse((await sideBySide(event({ claims: live, ...firstPage }), context)).body ?? '')).toEqual({
      read: 'a page',
    });
    const refusals = [
      await byItem(event({ claims: gone, ...withId }), context),
      await sideBySide(event({ claims: gone, ...firstPage }), context),
      // Input the route would refuse is still answered 401 first for a deleted account.
      await byItem(event({ claims: gone, pathParameters: { threadId: 'a\u0000b' } }), context),
      await sideBySide(event({ claims: gone, queryStringParameters: { page: 'last' } }), context),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(401);
      expect(JSON.parse(refused.body ?? '')).toEqual({
        error: 'This account has been deleted.',
        code: 'account_deleted',
      });
    }
    expect(ran).toEqual(['item kept', 'query a page']);
    expect(
      (await sideBySide(event({ claims: live, queryStringParameters: { page: 'last' } }), context)).statusCode,
    ).toBe(400);
  });

  it('lets only a plain user route make its account check with its first read', () => {
    const firstRead = () => ({ sideBySide: async () => null });
    const route = async () => ({ status: 204 });
    // @ts-expect-error the builder's types allow a first read only on a `user` route
    expect(() => httpHandler({ auth: 'admin', firstRead }, route)).toThrow(/plain `user` route/);
    // @ts-expect-error nor on the one route that resumes an account's deletion
    expect(() => httpHandler({ resumesAccountDeletion: true, firstRead }, route)).toThrow(/plain `user` route/);
  });
});

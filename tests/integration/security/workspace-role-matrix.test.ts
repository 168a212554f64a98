import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteHandler } from '#functions/lib/http-handler';
import { routes } from '#functions/manifest';
import { API_KEY_SCOPES } from '#shared/schemas/api-keys';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '#shared/workspaces/roles';
import { startMediaBucket } from '#tests/helpers/media-bucket';
import { handlerUrl } from '#tests/helpers/paths';
import { addTeamMember } from '../../helpers/team-members';
import { startTestTable } from '../../helpers/test-table';

// The role matrix: every route that acts in a workspace, called by someone outside the team and by a
// member of each role, through the handler's own middy stack. Outsiders and roles without the route's
// permission are answered 403 with a clear code before anything is read for them or written; the
// roles that have it are never answered 5xx (media routes reach a real s3rver, as in production).

const table = await startTestTable();
const mediaBucket = await startMediaBucket();
const { db, tableName } = await import('#functions/data/client');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');

afterAll(async () => {
  await mediaBucket.close();
  await table.stop();
});

const owner = `owner-${randomUUID()}`;
const team = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Matrix desk', new Date());
const memberOf: Record<WorkspaceRole, string> = {
  owner,
  admin: `admin-${randomUUID()}`,
  editor: `editor-${randomUUID()}`,
  reviewer: `reviewer-${randomUUID()}`,
};
for (const role of ['admin', 'editor', 'reviewer'] as const) {
  await addTeamMember(team, memberOf[role], role);
}
const outsider = `outsider-${randomUUID()}`;

const scopedRoutes = routes.filter((route) => route.workspace);

/** Path parameters as a real request would carry them: ids of nothing in particular, a platform. */
function paramsOf(path: string): Record<string, string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  return Object.fromEntries(
    names.map((name) => [
      name,
      name === 'workspaceId'
        ? team.id
        : name === 'platform'
          ? 'bluesky'
          : name === 'userId'
            ? randomUUID()
            : randomUUID(),
    ]),
  );
}

function eventFor(route: (typeof routes)[number], userId: string): APIGatewayProxyEventV2WithJWTAuthorizer {
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, name: string) => paramsOf(route.path)[name]!);
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: '',
    headers: { 'x-workspace-id': team.id, 'user-agent': 'role-matrix' },
    pathParameters: paramsOf(route.path),
    body: '{}',
    isBase64Encoded: false,
    requestContext: {
      requestId: randomUUID(),
      http: { method: route.method, path: rawPath },
      // A /v1 route's caller comes from the key authorizer: a key of this user's in the team, every scope.
      authorizer:
        route.auth === 'api-key'
          ? { lambda: { keyId: `key-${userId}`, userId, workspaceId: team.id, scopes: API_KEY_SCOPES.join(' ') } }
          : {
              jwt: {
                claims: {
                  sub: userId,
                  email: `${userId}@example.com`,
                  'cognito:username': userId,
                  'cognito:groups': '[]',
                },
                scopes: [],
              },
            },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

async function call(route: (typeof routes)[number], userId: string) {
  const { handler } = (await import(/* @vite-ignore */ handlerUrl(route.handler))) as { handler: RouteHandler };
  const result = await handler(eventFor(route, userId), { getRemainingTimeInMillis: () => 10_000 } as never);
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined };
}

async function everyItem(): Promise<string> {
  const { Items = [] } = await db.send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }));
  // Security events record each refusal's attempt for the admin log, and a key's rate counter counts
  // each request it makes (before its access is known); they are the only writes allowed.
  return JSON.stringify(
    Items.filter((item) => !/^(SECURITY|RATE)#/.test(String(item.sk)))
      .map((item) => `${item.pk} ${item.sk}`)
      .sort(),
  );
}

describe('the workspace role matrix', () => {
  it('covers every route that acts in a workspace', () => {
    expect(scopedRoutes.length).toBeGreaterThan(45);
  });

  it.each(scopedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 403 to outsiders and to roles without its permission, nothing written; its roles get through, never a 5xx',
    async (_, route) => {
      const before = await everyItem();
      const outside = await call(route, outsider);
      expect(outside).toMatchObject({ status: 403, body: { code: 'workspace_access_denied' } });
      for (const role of WORKSPACE_ROLES.filter((role) => !roleAllows(role, route.workspace!))) {
        const refused = await call(route, memberOf[role]);
        expect(refused, role).toMatchObject({ status: 403, body: { code: 'role_forbidden' } });
        expect(refused.body.error, role).toContain(`(${role})`);
      }
      expect(await everyItem()).toBe(before);

      for (const role of WORKSPACE_ROLES.filter((role) => roleAllows(role, route.workspace!))) {
        const answer = await call(route, memberOf[role]);
        expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        expect(answer.body?.code, `${role}: ${JSON.stringify(answer.body)}`).not.toBe('workspace_access_denied');
        // Removing another member needs `members` on top of the route's `read` (checked by the service):
        // only a role without it may be refused there.
        if (route.handler !== 'http/workspaces/remove-member' || roleAllows(role, 'members'))
          expect(answer.body?.code, `${role}: ${JSON.stringify(answer.body)}`).not.toBe('role_forbidden');
      }
    },
  );
});

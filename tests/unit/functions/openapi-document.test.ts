import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type RouteEntry, routes } from '#functions/manifest';
import {
  API_KEY_SECURITY_SCHEME,
  buildOpenApiDocument,
  operationIdOf,
  publicApiRoutes,
} from '#functions/services/public-api/openapi-document';
import { ERROR_CODES } from '#shared/error-codes';
import { OPENAPI_METHODS, type OpenApiDocument, openApiDocumentSchema } from '#shared/schemas/openapi';
import { documentedSchema } from '#tests/helpers/openapi';

/** Where the manifest's /v1 routes and a document disagree, one line each (none: they agree). */
function disagreements(document: OpenApiDocument, entries: readonly RouteEntry[]): string[] {
  const fromRoutes = new Map(
    publicApiRoutes(entries).map((route) => [
      `${route.method} ${route.path}`,
      route.auth === 'api-key' ? route.apiScope : null,
    ]),
  );
  const fromDocument = new Map<string, string | null>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of OPENAPI_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const scopes = (operation.security ?? document.security ?? []).flatMap((requirement) =>
        Object.values(requirement).flat(),
      );
      fromDocument.set(
        `${method.toUpperCase()} ${path}`,
        (operation.security ?? []).length ? scopes.join(' ') || null : null,
      );
    }
  return [
    ...[...fromRoutes.keys()].filter((key) => !fromDocument.has(key)).map((key) => `missing from the document: ${key}`),
    ...[...fromDocument.keys()].filter((key) => !fromRoutes.has(key)).map((key) => `no route for: ${key}`),
    ...[...fromRoutes]
      .filter(([key, scope]) => fromDocument.has(key) && fromDocument.get(key) !== (scope ?? null))
      .map(([key, scope]) => `scope of ${key}: route ${scope}, document ${fromDocument.get(key)}`),
  ];
}

const document = buildOpenApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  OPENAPI_METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
);
const v1 = routes.filter((route) => route.path.startsWith('/v1/'));

describe('the public API OpenAPI document', () => {
  it('has exactly the manifest /v1 routes, each with its method and its key scope', () => {
    expect(disagreements(document, routes)).toEqual([]);
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      v1.map((route) => `${route.method} ${route.path}`).sort(),
    );
  });

  it('tells a route missing from the document, a path without a route, and a changed method or scope', () => {
    // Two GET routes of the read scope (on two paths, as a path has one route per method).
    const [first, second] = v1.filter((route) => route.method === 'GET' && route.apiScope === 'read');
    const tampered = structuredClone(document);
    delete tampered.paths[first!.path]!.get;
    tampered.paths['/v1/made-up'] = { get: document.paths[second!.path]!.get! };
    tampered.paths[second!.path]!.get = {
      ...document.paths[second!.path]!.get!,
      security: [{ [API_KEY_SECURITY_SCHEME]: ['publish'] }],
    };
    const unused = OPENAPI_METHODS.find((method) => !document.paths[first!.path]![method])!;
    const movedMethod = structuredClone(document);
    movedMethod.paths[first!.path] = {
      ...document.paths[first!.path],
      get: undefined,
      [unused]: document.paths[first!.path]!.get!,
    };

    expect(disagreements(tampered, routes)).toEqual([
      `missing from the document: GET ${first!.path}`,
      'no route for: GET /v1/made-up',
      `scope of GET ${second!.path}: route read, document publish`,
    ]);
    expect(disagreements(movedMethod, routes)).toEqual([
      `missing from the document: GET ${first!.path}`,
      `no route for: ${unused.toUpperCase()} ${first!.path}`,
    ]);
  });

  it('refuses to build when a /v1 route has no schemas, or its params are not its path parameters', () => {
    const bare: RouteEntry = {
      method: 'GET',
      path: '/v1/feeds',
      handler: 'http/v1/get-feeds',
      auth: 'api-key',
      apiScope: 'read',
      access: {},
    };
    const wrongParams: RouteEntry = {
      ...bare,
      path: '/v1/feeds/{feedId}',
      schemas: { params: z.object({ id: z.string() }), status: 200 },
    };

    expect(() => buildOpenApiDocument([...routes, bare])).toThrow('GET /v1/feeds: a /v1 route needs its schemas');
    expect(() => buildOpenApiDocument([...routes, wrongParams])).toThrow(/params \(id\) are not the path's \(feedId\)/);
  });

  it('documents a route named only by its schemas: header parameters, its body, its status, a summary from its handler', () => {
    const created: RouteEntry = {
      method: 'POST',
      path: '/v1/feeds',
      handler: 'http/v1/post-feed',
      auth: 'api-key',
      apiScope: 'threads:write',
      access: {},
      schemas: {
        headers: z.object({ 'idempotency-key': z.string().min(8).optional() }),
        body: z.object({ url: z.string() }),
        status: 201,
        response: z.object({ id: z.string() }),
      },
    };

    const operation = buildOpenApiDocument([...routes, created]).paths['/v1/feeds']!.post!;

    expect(operation).toMatchObject({
      operationId: 'postFeed',
      summary: 'Post feed',
      security: [{ apiKey: ['threads:write'] }],
    });
    expect(operation.parameters).toEqual([
      { name: 'idempotency-key', in: 'header', required: false, schema: { type: 'string', minLength: 8 } },
    ]);
    expect(operation.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['url'] });
    expect(Object.keys(operation.responses)).toEqual(['201', '400', '401', '403', '429', '500']);
    expect(
      (
        operation.responses['400']!.content!['application/json']!.schema as {
          allOf: { properties?: { code: { enum: string[] } } }[];
        }
      ).allOf[1]!.properties!.code.enum,
    ).toEqual(['api_key_in_url', 'invalid_json', 'invalid_request', 'payload_too_large']);
  });

  it('validates against the OpenAPI 3.1 essentials, with unique operation ids and every $ref resolving', () => {
    expect(openApiDocumentSchema.safeParse(document).error).toBeUndefined();
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      operations.map(({ path, method }) =>
        operationIdOf(v1.find((route) => route.path === path && route.method.toLowerCase() === method)!),
      ),
    );
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      let target: unknown = document;
      for (const part of ref.split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
      expect(target, ref).toBeDefined();
    }
  });

  it('documents every body as JSON Schema that accepts what the route answers', () => {
    for (const { path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = (response as { content?: Record<string, { schema?: object }> }).content?.['application/json']
          ?.schema;
        if (schema) expect(() => documentedSchema(document, schema), `${path} ${status}`).not.toThrow();
      }
    }
    const page = z.fromJSONSchema(
      document.paths['/v1/threads']!.get!.responses['200']!.content!['application/json']!
        .schema as z.core.JSONSchema.JSONSchema,
    );
    expect(page.safeParse({ threads: [], nextCursor: null }).success).toBe(true);
    expect(page.safeParse({ threads: [], nextCursor: 3 }).success).toBe(false);
  });

  it('states the bearer key and its scopes, rate-limit headers on every keyed answer, and 429 with Retry-After', () => {
    expect(document.components.securitySchemes?.[API_KEY_SECURITY_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'tsk_live_…',
    });
    for (const route of v1.filter((entry) => entry.auth === 'api-key')) {
      const operation = document.paths[route.path]![route.method.toLowerCase() as 'get']!;
      expect(operation.security).toEqual([{ [API_KEY_SECURITY_SCHEME]: [route.apiScope] }]);
      for (const response of Object.values(operation.responses))
        expect(Object.keys(response.headers ?? {})).toContain('RateLimit');
      expect(Object.keys(operation.responses['429']!.headers!)).toEqual([
        'RateLimit',
        'RateLimit-Policy',
        'Retry-After',
      ]);
    }
    expect(document.paths['/v1/openapi.json']!.get!.security).toEqual([]);
  });

  it('names the error codes each route answers, all from shared/error-codes.ts, with the cursor described once', () => {
    const codesAt = (path: string, status: string) =>
      (
        document.paths[path]!.get!.responses[status]!.content!['application/json']!.schema as {
          allOf: { properties?: { code: { enum: string[] } } }[];
        }
      ).allOf[1]!.properties!.code.enum;

    expect(codesAt('/v1/threads/{threadId}', '404')).toEqual(['thread_not_found']);
    // A refused key is 401 api_key_invalid (the authorizer's refusal, answered by the route's stack), never 403.
    expect(codesAt('/v1/threads', '401')).toContain('api_key_invalid');
    expect(codesAt('/v1/threads', '403')).toEqual([
      'api_key_scope_missing',
      'role_forbidden',
      'workspace_access_denied',
    ]);
    expect(codesAt('/v1/threads', '400')).toEqual(['api_key_in_url', 'invalid_request']);
    const allCodes = operations.flatMap(({ operation }) =>
      Object.values(operation.responses).flatMap((response) => {
        const schema = response.content?.['application/json']?.schema as
          | { allOf?: { properties?: { code?: { enum: string[] } } }[] }
          | undefined;
        return schema?.allOf?.[1]?.properties?.code?.enum ?? [];
      }),
    );
    expect(allCodes.filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
    expect(document.paths['/v1/threads']!.get!.parameters).toContainEqual({ $ref: '#/components/parameters/Cursor' });
  });
});

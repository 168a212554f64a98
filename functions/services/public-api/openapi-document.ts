/**
 * The public API's OpenAPI 3.1 document, generated from the manifest's /v1 routes and the shared zod
 * schemas in their `schemas` (zod's own `z.toJSONSchema`, draft 2020-12, which OpenAPI 3.1 uses as
 * is), so a route added to the manifest is documented by the same change, and cannot be left out.
 */
import * as z from 'zod';
import { apiErrorSchema, type ErrorCode } from '#shared/error-codes';
import { API_KEY_PREFIX, API_KEY_SCOPES } from '#shared/schemas/api-keys';
import type { OpenApiDocument } from '#shared/schemas/openapi';
import { type HttpMethod, type RouteEntry, type RouteSchemas, routes } from '../../manifest';

/** The document's own version (info.version): raised with every change to the /v1 schemas. */
export const PUBLIC_API_VERSION = '1.0.0';

/** Where the public API lives; every route under it is in the document. */
export const PUBLIC_API_PREFIX = '/v1/';

/** The bearer scheme's name in `components.securitySchemes` and each operation's `security`. */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

type JsonSchema = Record<string, unknown>;

/** A route of the public API and its schemas, as the document is built from it. */
interface PublicApiRoute extends RouteEntry {
  schemas: RouteSchemas;
}

/** The manifest's /v1 routes, in manifest order. */
export function publicApiRoutes(entries: readonly RouteEntry[] = routes): RouteEntry[] {
  return entries.filter((route) => route.path.startsWith(PUBLIC_API_PREFIX) && !route.localOnly);
}

/** `http/v1/get-threads` → `getThreads`: stable, unique (one handler module per route). */
export function operationIdOf(route: RouteEntry): string {
  const name = route.handler.split('/').at(-1) ?? route.handler;
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements are not representable: the document states the shape, the handler the rest.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The properties of an object schema, each with whether it is required (parameters are one level deep). */
function propertiesOf(schema: z.ZodType): { name: string; schema: JsonSchema; required: boolean }[] {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}+]+)\+?\}/g)].map((match) => match[1]!);
}

const CURSOR_PARAMETER = 'Cursor';

function parametersOf(route: PublicApiRoute): unknown[] {
  const { params, query, headers } = route.schemas;
  const inPath = params ? propertiesOf(params) : [];
  const named = pathParameterNames(route.path);
  const declared = inPath.map((parameter) => parameter.name).sort();
  if (JSON.stringify(declared) !== JSON.stringify([...named].sort()))
    throw new Error(
      `${route.method} ${route.path}: the schemas' params (${declared.join(', ') || 'none'}) are not the path's (${named.join(', ') || 'none'})`,
    );
  return [
    ...inPath.map(({ name, schema }) => ({ name, in: 'path', required: true, schema })),
    ...(headers ? propertiesOf(headers) : []).map(({ name, schema, required }) => ({
      name,
      in: 'header',
      required,
      schema,
    })),
    ...(query ? propertiesOf(query) : []).map(({ name, schema, required }) =>
      // Every paged list takes the same opaque cursor, described once.
      name === 'cursor'
        ? { $ref: `#/components/parameters/${CURSOR_PARAMETER}` }
        : { name, in: 'query', required, schema },
    ),
  ];
}

/** The refusals every route of a kind may answer, by status, whatever the route does. */
function kindErrors(route: PublicApiRoute): Partial<Record<number, ErrorCode[]>> {
  const { schemas } = route;
  const takesInput = Boolean(schemas.params || schemas.query || schemas.headers || schemas.body);
  const badInput: ErrorCode[] = [
    ...(takesInput ? (['invalid_request'] as const) : []),
    ...(schemas.body ? (['invalid_json', 'payload_too_large'] as const) : []),
  ];
  if (route.auth !== 'api-key') return { ...(badInput.length ? { 400: badInput } : {}), 500: ['internal_error'] };
  return {
    400: [...badInput, 'api_key_in_url'],
    401: ['unauthorized', 'api_key_invalid', 'account_deleted'],
    403: ['api_key_scope_missing', 'workspace_access_denied', 'role_forbidden'],
    429: ['rate_limited'],
    500: ['internal_error'],
  };
}

/** The route's error codes by status: its kind's and its own, each once, sorted. */
export function errorCodesOf(route: PublicApiRoute): Map<number, ErrorCode[]> {
  const merged = new Map<number, Set<ErrorCode>>();
  for (const errors of [kindErrors(route), route.schemas.errors ?? {}])
    for (const [status, codes] of Object.entries(errors)) {
      const set = merged.get(Number(status)) ?? new Set<ErrorCode>();
      for (const code of codes ?? []) set.add(code);
      merged.set(Number(status), set);
    }
  return new Map([...merged].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes].sort()]));
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad input',
  401: 'No key, or no verified key reached the route',
  403: 'The key, its scope or its creator is refused',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  422: 'Unprocessable',
  429: 'Over the key’s rate budget; try again after Retry-After seconds',
  500: 'Unexpected error (details never leave the server)',
};

const RATE_LIMIT_HEADERS = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

function responsesOf(route: PublicApiRoute): Record<string, unknown> {
  const { status: success, response } = route.schemas;
  const limited = route.auth === 'api-key';
  const responses: Record<string, unknown> = {
    [success]: {
      description: STATUS_TEXT[success] ?? 'Success',
      ...(limited ? { headers: RATE_LIMIT_HEADERS } : {}),
      ...(response ? { content: { 'application/json': { schema: jsonSchemaOf(response, 'output') } } } : {}),
    },
  };
  for (const [status, codes] of errorCodesOf(route)) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Error',
      ...(limited
        ? {
            headers:
              status === 429
                ? { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
                : RATE_LIMIT_HEADERS,
          }
        : {}),
      content: {
        'application/json': {
          // The shared error object, with the codes this route answers at this status.
          schema: {
            allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }],
          },
        },
      },
    };
  }
  return responses;
}

/** `http/v1/get-thread` → `Get thread`: a route that names no summary still reads as one. */
function summaryOf(route: RouteEntry): string {
  const words = (route.handler.split('/').at(-1) ?? route.handler).split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function operationOf(route: PublicApiRoute): Record<string, unknown> {
  const { schemas } = route;
  const parameters = parametersOf(route);
  return {
    operationId: operationIdOf(route),
    summary: schemas.summary ?? summaryOf(route),
    ...(schemas.description ? { description: schemas.description } : {}),
    tags: [
      route.path
        .slice(PUBLIC_API_PREFIX.length)
        .split('/')[0]!
        .replace(/\.json$/, ''),
    ],
    ...(parameters.length ? { parameters } : {}),
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(schemas.body, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(route),
    // A public route needs no key: an empty requirement overrides the document's default.
    security: route.auth === 'api-key' && route.apiScope ? [{ [API_KEY_SECURITY_SCHEME]: [route.apiScope] }] : [],
  };
}

/** `GET` → `get`; the manifest's `ANY` has no OpenAPI method and is refused under /v1. */
function openApiMethod(route: RouteEntry): Lowercase<Exclude<HttpMethod, 'ANY'>> {
  if (route.method === 'ANY') throw new Error(`${route.path}: a /v1 route names its method`);
  return route.method.toLowerCase() as Lowercase<Exclude<HttpMethod, 'ANY'>>;
}

function checkedRoute(route: RouteEntry): PublicApiRoute {
  if (!route.schemas)
    throw new Error(`${route.method} ${route.path}: a /v1 route needs its schemas in functions/manifest.ts`);
  if (route.auth !== 'api-key' && route.auth !== 'public')
    throw new Error(`${route.method} ${route.path}: a /v1 route is an api-key route (or public)`);
  if (route.auth === 'api-key' && !route.apiScope)
    throw new Error(`${route.method} ${route.path}: an api-key route names its apiScope`);
  return route as PublicApiRoute;
}

const scopeDescriptions: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read: 'read threads, connections, schedules, insights, the inbox and feeds',
  'threads:write': 'create, edit and delete threads',
  publish: 'publish and schedule threads',
};

/** The OpenAPI 3.1 document of the given routes' /v1 entries (the manifest's by default). */
export function buildOpenApiDocument(entries: readonly RouteEntry[] = routes): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of publicApiRoutes(entries)) {
    const route = checkedRoute(entry);
    paths[route.path] = { ...paths[route.path], [openApiMethod(route)]: operationOf(route) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'ThreadSnip public API',
      version: PUBLIC_API_VERSION,
      description:
        'Turn articles into credited threads from other programs. Authenticate with a workspace API key (`Authorization: Bearer tsk_live_…`), made in Account Settings or on a team’s page; never put a key in a URL. Errors are `{ error, code }`; lists page with an opaque cursor; every key has a per-minute rate budget, told in the RateLimit headers.',
    },
    // Relative: the API is served at the site's own origin, where this document was fetched from.
    servers: [{ url: '/', description: 'This ThreadSnip site' }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(apiErrorSchema, 'output') },
      parameters: {
        [CURSOR_PARAMETER]: {
          name: 'cursor',
          in: 'query',
          required: false,
          description:
            'Opaque: the previous page’s `nextCursor`, to get the next page (with the same other parameters). Absent: the first page; a tampered cursor is refused with 400.',
          schema: { type: 'string', maxLength: 2000 },
        },
      },
      headers: {
        RateLimit: {
          description: 'Requests left in the key’s window and seconds until it resets (IETF RateLimit header fields).',
          schema: { type: 'string', examples: ['"per-key";r=119;t=42'] },
        },
        'RateLimit-Policy': {
          description: 'The key’s budget: requests (q) per window of w seconds.',
          schema: { type: 'string', examples: ['"per-key";q=120;w=60'] },
        },
        'Retry-After': {
          description: 'Seconds to wait before the next request.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      securitySchemes: {
        [API_KEY_SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description: `A workspace API key (\`${API_KEY_PREFIX}\` and 43 characters). Each operation names the scope it needs: ${API_KEY_SCOPES.map((scope) => `\`${scope}\` (${scopeDescriptions[scope]})`).join('; ')}.`,
        },
      },
    },
    security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
  } as OpenApiDocument;
}

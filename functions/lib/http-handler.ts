import type { MiddlewareObj, MiddyfiedHandler } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { apiErrorMessages } from '../../shared/messages/api-errors';
import { apiKeyMessages } from '../../shared/messages/api-keys';
import { API_KEY_SCOPES, type ApiKeyScope, scopePermission } from '../../shared/schemas/api-keys';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../../shared/schemas/generation';
import { WORKSPACE_HEADER, type WorkspaceAccess, type WorkspacePermission } from '../../shared/workspaces/roles';
import type { RouteKind } from '../manifest';
import type { FirstRead, ItemRead } from './account-checked-read';
import {
  AdminRequiredError,
  DomainError,
  ForbiddenError,
  InvalidApiKeyError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { logger } from './logger';
import { observedStack } from './observed-stack';

/** JSON bodies over this size are refused before parsing. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The caller, as the JWT authorizer verified them. */
export interface Caller {
  userId: string;
  /** The Cognito username (the admin APIs' key for the user). */
  username: string;
  email: string;
  groups: string[];
  /** On an `api-key` route: the key the request came with (the caller is its creator). */
  apiKey?: ApiKeyCredential;
}

/** A verified API key, as the Lambda authorizer handed it over. */
export interface ApiKeyCredential {
  keyId: string;
  /** The one workspace the key acts in. */
  workspaceId: string;
  scopes: ApiKeyScope[];
}

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResponse = APIGatewayProxyStructuredResultV2;

/** What a route returns: a status with an optional JSON body. */
export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (API Gateway payload 2.0's `cookies`: one header each). */
  cookies?: string[];
}

interface Schemas<TBody, TQuery, TParams> {
  body?: z.ZodType<TBody>;
  query?: z.ZodType<TQuery>;
  params?: z.ZodType<TParams>;
}

export interface HttpInput<TBody, TQuery, TParams, TCaller> {
  body: TBody;
  query: TQuery;
  params: TParams;
  caller: TCaller;
  /**
   * The workspace the request acts in: on a route that names a workspace permission, the one the
   * request names (checked with the first read); on any other `user` route, the caller's personal one.
   */
  workspace: WorkspaceAccess | (TCaller extends Caller ? never : null);
  event: HttpEvent;
  /** The Lambda context (remaining time, request id). */
  context: Context;
}

/** What an operation reads of its request (whichever route, and so whichever auth, it came by). */
export type OperationInput<TBody = undefined, TQuery = undefined, TParams = undefined> = Pick<
  HttpInput<TBody, TQuery, TParams, Caller>,
  'body' | 'query' | 'params' | 'caller' | 'workspace' | 'event'
>;

/**
 * One operation an app route (`/api`, a `user` route) and its public twin (`/v1`, an `api-key` route)
 * both run: its schemas, service call and answer, written once. Each route names only its auth:
 * `httpHandler({ workspace: 'write', ...op.schemas }, op.run)`.
 */
export interface Operation<TBody = undefined, TQuery = undefined, TParams = undefined> {
  schemas: Schemas<TBody, TQuery, TParams>;
  run: (input: OperationInput<TBody, TQuery, TParams>) => Promise<HttpResult>;
}

/**
 * An operation (see `Operation`), its input typed from its schemas. Marked free of side effects so
 * a handler's bundle keeps only the operations it uses: an area's read route must not carry its
 * write operations' commands (the table grants test reads them from the bundles).
 */
/* #__NO_SIDE_EFFECTS__ */
export function operation<TBody = undefined, TQuery = undefined, TParams = undefined>(
  schemas: Schemas<TBody, TQuery, TParams>,
  run: (input: OperationInput<TBody, TQuery, TParams>) => Promise<HttpResult>,
): Operation<TBody, TQuery, TParams> {
  return { schemas, run };
}

/**
 * A route handler, tagged with the kind its stack enforces, the workspace permission it checks and
 * (an `api-key` route) the scope it needs (tests compare all three with the manifest).
 */
export type RouteHandler = MiddyfiedHandler<HttpEvent, HttpResponse, Error, RouteContext> & {
  kind: RouteKind;
  workspace?: WorkspacePermission;
  apiScope?: ApiKeyScope;
};

/** The Lambda context plus what the kind's middlewares established about the request. */
export interface RouteContext extends Context {
  caller?: Caller | null;
  /** Headers every answer to the request carries, errors too (an `api-key` route's RateLimit). */
  responseHeaders?: Record<string, string>;
}

/** Formats the first few zod issues as one readable sentence. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Validates a value with a route's schema (none: undefined); a failure is a 400 naming the part. */
export function parseInput<T>(schema: z.ZodType<T> | undefined, value: unknown, what: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(`Invalid ${what}: ${describeIssues(result.error)}`);
  return result.data;
}

/** The request body's bytes exactly as sent, refused over `maxBytes`. */
export function rawBodyOf(event: HttpEvent, maxBytes: number): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > maxBytes) throw new PayloadTooLargeError();
  return raw;
}

function readJsonBody(event: HttpEvent): unknown {
  const raw = rawBodyOf(event, MAX_BODY_BYTES);
  if (raw.byteLength === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(apiErrorMessages.invalid_json, 'invalid_json');
  }
}

/** The caller from the authorizer's claims; the API Gateway JWT authorizer verified the token. */
export function callerFromEvent(event: HttpEvent): Caller | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const rawGroups = claims?.['cognito:groups'];
  const groups = Array.isArray(rawGroups)
    ? rawGroups.map(String)
    : typeof rawGroups === 'string'
      ? rawGroups
          .replace(/^\[|\]$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
      : [];
  const username = typeof claims?.['cognito:username'] === 'string' ? String(claims['cognito:username']) : sub;
  return { userId: sub, username, email: String(claims?.email ?? '').toLowerCase(), groups };
}

/**
 * The caller of an `api-key` route from the Lambda authorizer's context (the key's creator, with the
 * key); null without one, or when the context is the authorizer's refusal (`{ refusal: code }`: the
 * key was refused, and the route's stack answers 401 `api_key_invalid` in our shape, not the gateway).
 */
export function callerFromApiKeyEvent(event: HttpEvent): Caller | null {
  const context = (event.requestContext.authorizer as { lambda?: Record<string, unknown> } | undefined)?.lambda;
  const { keyId, userId, workspaceId, scopes, refusal } = context ?? {};
  if (refusal !== undefined) return null;
  if (typeof keyId !== 'string' || typeof userId !== 'string' || typeof workspaceId !== 'string') return null;
  const granted = String(scopes ?? '')
    .split(' ')
    .filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope));
  return { userId, username: userId, email: '', groups: [], apiKey: { keyId, workspaceId, scopes: granted } };
}

const KEY_IN_URL = /tsk_live_/i;

/** Refuses (400 `api_key_in_url`) a query string that carries a key: URLs end up in logs, histories and referrers. */
export function refuseApiKeyInUrl(rawQueryString: string | undefined): void {
  if (!rawQueryString) return;
  let decoded = rawQueryString;
  try {
    decoded = decodeURIComponent(rawQueryString.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is judged on the raw text.
  }
  if (KEY_IN_URL.test(decoded)) throw new ValidationError(apiErrorMessages.api_key_in_url, 'api_key_in_url');
}

/** The user agent the request came with, as the server received it (for security events). */
export function userAgentOf(event: HttpEvent): string {
  return (event.headers?.['user-agent'] ?? 'unknown').slice(0, 500);
}

/**
 * The request's `Idempotency-Key` header (undefined without one): 400 when it is not 8 to 128
 * visible ASCII characters.
 */
export function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = idempotencyHeaderSchema.safeParse(event.headers?.[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (!key.success) throw new ValidationError(key.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return key.data;
}

const idempotencyHeaderSchema = idempotencyKeySchema.optional();

/** A JSON response with the API's standard headers. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  cookies: string[] = [],
): HttpResponse {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
    ...(cookies.length ? { cookies } : {}),
  };
}

/**
 * A server-rendered page: no script may run (the CSP allows only the inline stylesheet), and a
 * revalidation on every view, so a thread made private stops showing at once.
 */
export function html(status: number, body: string): HttpResponse {
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src https:; base-uri 'none'; form-action 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
    body,
  };
}

/** The API Gateway request id is the correlation id the request's queue messages carry on. */
const correlation: MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext> = {
  before: async (request) => {
    logger.setCorrelationId(request.event.requestContext.requestId);
  },
};

/** Registered first so it runs last: domain errors become `{ error, code }`; anything else a bare 500. */
const errorToHttp: MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext> = {
  onError: async (request) => {
    // A route's own failure handler (e.g. an OAuth callback's redirect) already answered.
    if (request.response) return;
    const { error } = request;
    if (error instanceof DomainError) {
      request.response = json(
        error.status,
        { error: error.message, code: error.code, ...error.details },
        { ...request.context.responseHeaders, ...error.headers },
      );
      return;
    }
    logger.error('unhandled error', { error, path: request.event.rawPath });
    request.response = json(500, { error: apiErrorMessages.internal_error, code: 'internal_error' });
  },
};

/** Who asked for an admin route, as the server saw the request; `userId` is null without a verified token. */
export interface AdminCheckRequest {
  userId: string | null;
  userAgent: string;
  /** The route asked for, e.g. `GET /api/admin/users`. */
  route: string;
  now: Date;
}

/**
 * The checks the `user`, `admin` and `oauth-callback` kinds make against the table. lib composes the
 * stacks but imports neither data nor services, so the wiring that builds each kind's handler
 * (functions/route-kinds.ts) passes them in.
 */
export interface AccountChecks {
  /**
   * Refuses a deleted account (401 `account_deleted`) before its request does anything: the gateway
   * checks only a token's signature and expiry, so a token issued before the deletion still passes
   * there. `resumesDeletion` (DELETE /api/me only) lets a deletion that has not finished run again.
   */
  refuseDeletedAccount(userId: string, now: Date, resumesDeletion?: boolean): Promise<void>;
  /** The same refusal made in one consistent BatchGetItem with the route's first item; the item's value. */
  readItemCheckingAccount<T>(userId: string, now: Date, read: ItemRead<T>): Promise<T>;
  /**
   * The same refusal and the caller's access to a workspace (their membership item, refused 403
   * `workspace_access_denied` / `role_forbidden`), with the route's first item, in one consistent
   * BatchGetItem: the item's value (undefined without one) once both passed.
   */
  readWorkspaceCheckingAccount<T>(
    userId: string,
    now: Date,
    scope: WorkspaceScope,
    read?: ItemRead<T>,
  ): Promise<{ access: WorkspaceAccess; value: T | undefined }>;
  /** The caller's role as stored in the table, each check recorded as a security event: true for an admin. */
  checkAdminAccess(request: AdminCheckRequest): Promise<boolean>;
  /**
   * Counts one request against an API key's budget: the RateLimit headers to answer with, or a 429
   * `rate_limited` with Retry-After when the budget is spent.
   */
  takeApiKeyRequest(credential: ApiKeyCredential, userId: string, now: Date): Promise<Record<string, string>>;
}

/** The workspace a request names and the permission its route needs there. */
export interface WorkspaceScope {
  workspaceId: string;
  permission: WorkspacePermission;
}

/** What a route stack may relax for its route. */
export interface RouteStackOptions {
  /** The route runs an account's deletion, so it may resume one that did not finish. */
  resumesAccountDeletion?: boolean;
}

/** What a route stack is built with: the account checks (required by the `user` and `admin` kinds). */
interface StackOptions extends RouteStackOptions {
  checks?: AccountChecks;
  /** A `user` route whose core makes the deleted-account check with its first read (`readCheckingAccount`). */
  checkedWithFirstRead?: boolean;
  /** An `api-key` route: the scope its key must have. */
  apiScope?: ApiKeyScope;
}

function checksFor(kind: RouteKind, checks: AccountChecks | undefined): AccountChecks | undefined {
  if (!checks && (kind === 'user' || kind === 'admin' || kind === 'api-key'))
    throw new Error(`a ${kind} route needs the account checks`);
  return checks;
}

/**
 * `api-key`: the key the authorizer verified (401 `api_key_invalid` without one), never a key in the
 * URL (400 `api_key_in_url`), the route's scope (403 `api_key_scope_missing`), then the key's rate
 * budget (429 with Retry-After; its RateLimit headers on every answer). The creator's account and
 * role in the key's workspace are checked with the route's first read, as on a `user` route.
 */
function identifyApiKeyCaller(
  checks: AccountChecks,
  options: StackOptions,
): MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext> {
  return {
    before: async (request) => {
      const caller = callerFromApiKeyEvent(request.event);
      request.context.caller = caller;
      if (!caller?.apiKey) throw new InvalidApiKeyError();
      refuseApiKeyInUrl(request.event.rawQueryString);
      const scope = options.apiScope;
      if (!scope || !caller.apiKey.scopes.includes(scope))
        throw new ForbiddenError(apiKeyScopeMissing(scope), 'api_key_scope_missing');
      request.context.responseHeaders = await checks.takeApiKeyRequest(caller.apiKey, caller.userId, new Date());
    },
  };
}

const apiKeyScopeMissing = (scope: ApiKeyScope | undefined) =>
  scope ? apiKeyMessages.scopeMissing(scope) : apiErrorMessages.forbidden;

/**
 * `user`: the verified caller, 401 without one, 401 `account_deleted` for a deleted account.
 * `public`: no caller at all (`admin`: see below).
 */
function identifyCaller(
  kind: RouteKind,
  checks: AccountChecks | undefined,
  options: StackOptions,
): MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext> {
  return {
    before: async (request) => {
      if (!checks || (kind !== 'user' && kind !== 'admin')) {
        request.context.caller = null;
        return;
      }
      const caller = callerFromEvent(request.event);
      request.context.caller = caller;
      // An admin route records the refused check first (requireStoredAdminRole), then answers 401.
      if (!caller && kind === 'user') throw new UnauthorizedError();
      if (caller && !options.checkedWithFirstRead)
        await checks.refuseDeletedAccount(caller.userId, new Date(), options.resumesAccountDeletion);
    },
  };
}

/**
 * `admin`: the caller's role as stored in the table (not the token's groups, which lag a change),
 * each check recorded as a security event; 401 without a token, 403 for anyone not an admin.
 */
function requireStoredAdminRole(checks: AccountChecks): MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext> {
  return {
    before: async (request) => {
      const caller = request.context.caller ?? null;
      const granted = await checks.checkAdminAccess({
        userId: caller?.userId ?? null,
        userAgent: userAgentOf(request.event),
        route: `${request.event.requestContext.http.method} ${request.event.rawPath}`,
        now: new Date(),
      });
      if (!caller) throw new UnauthorizedError();
      if (!granted) throw new AdminRequiredError();
    },
  };
}

/**
 * The one middy stack every API route is built on: the error mapping, then the kind's guards, then
 * the route. Webhook and OAuth-callback handlers add their own guard to the same stack.
 */
export function routeStack(
  kind: RouteKind,
  core: (event: HttpEvent, context: RouteContext) => Promise<HttpResponse>,
  guards: MiddlewareObj<HttpEvent, HttpResponse, Error, RouteContext>[] = [],
  options: StackOptions = {},
): RouteHandler {
  const checks = checksFor(kind, options.checks);
  const stack = observedStack<HttpEvent, HttpResponse, RouteContext>()
    .use(correlation)
    .use(errorToHttp)
    .use(kind === 'api-key' && checks ? identifyApiKeyCaller(checks, options) : identifyCaller(kind, checks, options));
  if (kind === 'admin' && checks) stack.use(requireStoredAdminRole(checks));
  for (const guard of guards) stack.use(guard);
  return Object.assign(stack.handler(core), { kind });
}

type JsonKind = 'public' | 'user' | 'admin' | 'api-key';

/**
 * The deleted-account refusal made with the route's first read: an item joins the tombstone in one
 * BatchGetItem; a Query runs beside the tombstone's GetItem and is dropped unless the account passed.
 * Either way the route runs only after the check, so nothing is written or returned before it.
 */
export async function readCheckingAccount<T>(
  checks: AccountChecks,
  userId: string,
  read: FirstRead<T>,
  now: Date,
): Promise<T> {
  if ('item' in read) return checks.readItemCheckingAccount(userId, now, read);
  const [check, result] = await Promise.allSettled([checks.refuseDeletedAccount(userId, now), read.sideBySide()]);
  if (check.status === 'rejected') throw check.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

const WORKSPACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The workspace a request names: its path's `{workspaceId}`, else its header, else the caller's
 * personal one; an API key's request always acts in the key's workspace.
 */
function requestedWorkspace(event: HttpEvent, caller: Caller): string {
  if (caller.apiKey) return caller.apiKey.workspaceId;
  const named = event.pathParameters?.workspaceId ?? event.headers?.[WORKSPACE_HEADER];
  if (named === undefined || named === '') return caller.userId;
  if (!WORKSPACE_ID.test(named)) throw new ValidationError(`Invalid workspace id: ${named.slice(0, 64)}`);
  return named;
}

/**
 * The workspace check made with the route's first read: an item joins the tombstone and the
 * membership in one BatchGetItem; a Query runs beside that batch and is dropped unless both passed.
 */
async function readInWorkspace<T>(
  checks: AccountChecks,
  userId: string,
  scope: WorkspaceScope,
  read: FirstRead<T> | undefined,
  now: Date,
): Promise<{ access: WorkspaceAccess; read: T | undefined }> {
  if (!read || 'item' in read) {
    const { access, value } = await checks.readWorkspaceCheckingAccount(userId, now, scope, read);
    return { access, read: value };
  }
  const [check, result] = await Promise.allSettled([
    checks.readWorkspaceCheckingAccount(userId, now, scope),
    read.sideBySide(),
  ]);
  if (check.status === 'rejected') throw check.reason;
  if (result.status === 'rejected') throw result.reason;
  return { access: check.value.access, read: result.value };
}

/** What a `user` route's first read is built from: its validated input, the caller and the workspace named. */
export interface FirstReadRequest<TQuery, TParams> {
  query: TQuery;
  params: TParams;
  caller: Caller;
  /** The workspace the request names (its access is checked in the same read), or the caller's personal one. */
  workspaceId: string;
}

/**
 * Builds an API route handler: the body (JSON, at most 256 KB), query and path parameters are
 * validated with the given schemas, and the caller comes from the verified token. `auth` is the
 * route's kind as the manifest lists it (default `user`); `public` routes get `caller: null`.
 */
export interface HttpHandlerBuilder {
  /** A `user` route whose first read is made with the account check (one round trip): `read` is its value. */
  <TBody = undefined, TQuery = undefined, TParams = undefined, TRead = undefined>(
    options: Schemas<TBody, TQuery, TParams> & {
      auth?: 'user';
      workspace?: WorkspacePermission;
      firstRead: (request: FirstReadRequest<TQuery, TParams>) => FirstRead<TRead>;
    },
    route: (input: HttpInput<TBody, TQuery, TParams, Caller> & { read: TRead }) => Promise<HttpResult>,
  ): RouteHandler;
  /**
   * An `api-key` route (/v1): acts as the key's creator in the key's workspace, with the permission its
   * scope maps to, or the stricter `workspace` permission named (checked with its first read, or alone
   * without one).
   */
  <TBody = undefined, TQuery = undefined, TParams = undefined, TRead = undefined>(
    options: Schemas<TBody, TQuery, TParams> & {
      auth: 'api-key';
      apiScope: ApiKeyScope;
      workspace?: WorkspacePermission;
      firstRead?: (request: FirstReadRequest<TQuery, TParams>) => FirstRead<TRead>;
    },
    route: (input: HttpInput<TBody, TQuery, TParams, Caller> & { read: TRead }) => Promise<HttpResult>,
  ): RouteHandler;
  <TBody = undefined, TQuery = undefined, TParams = undefined>(
    options: Schemas<TBody, TQuery, TParams> & { auth: 'public' },
    route: (input: HttpInput<TBody, TQuery, TParams, Caller | null>) => Promise<HttpResult>,
  ): RouteHandler;
  <TBody = undefined, TQuery = undefined, TParams = undefined>(
    options: Schemas<TBody, TQuery, TParams> & { auth?: 'user'; workspace: WorkspacePermission },
    route: (input: HttpInput<TBody, TQuery, TParams, Caller>) => Promise<HttpResult>,
  ): RouteHandler;
  <TBody = undefined, TQuery = undefined, TParams = undefined>(
    options: Schemas<TBody, TQuery, TParams> & { auth?: 'user' | 'admin' } & RouteStackOptions,
    route: (input: HttpInput<TBody, TQuery, TParams, Caller>) => Promise<HttpResult>,
  ): RouteHandler;
}

/** The JSON route builder whose `user` and `admin` stacks run the given account checks. */
export function httpHandlerWith(checks: AccountChecks): HttpHandlerBuilder {
  return <TBody, TQuery, TParams>(
    options: Schemas<TBody, TQuery, TParams> & {
      auth?: JsonKind;
      workspace?: WorkspacePermission;
      apiScope?: ApiKeyScope;
      // biome-ignore lint/suspicious/noExplicitAny: the builder's signatures type the read precisely
      firstRead?: (request: FirstReadRequest<TQuery, TParams>) => FirstRead<any>;
    } & RouteStackOptions,
    // biome-ignore lint/suspicious/noExplicitAny: the builder's signatures type the caller and the read precisely
    route: (input: HttpInput<TBody, TQuery, TParams, any> & { read: any; workspace: any }) => Promise<HttpResult>,
  ): RouteHandler => {
    const { auth = 'user', resumesAccountDeletion, firstRead, apiScope } = options;
    const permission =
      auth === 'api-key' && apiScope ? (options.workspace ?? scopePermission[apiScope]) : options.workspace;
    const checkedWithFirstRead = Boolean(firstRead || permission);
    if (checkedWithFirstRead && ((auth !== 'user' && auth !== 'api-key') || resumesAccountDeletion))
      throw new Error('only a plain `user` route makes its account check with its first read');
    const handler = routeStack(
      auth,
      async (event, context) => {
        const caller = context.caller ?? null;
        let input: { body: TBody; query: TQuery; params: TParams };
        let pending: FirstRead<unknown> | undefined;
        let scope: WorkspaceScope | undefined;
        try {
          scope = permission && caller ? { workspaceId: requestedWorkspace(event, caller), permission } : undefined;
          input = {
            body: parseInput(options.body, readJsonBody(event), 'request body'),
            query: parseInput(options.query, event.queryStringParameters ?? {}, 'query parameters'),
            params: parseInput(options.params, event.pathParameters ?? {}, 'path parameters'),
          };
          // Building the read may refuse the input too (a cursor that is not the caller's).
          pending =
            firstRead && caller
              ? firstRead({ ...input, caller, workspaceId: scope?.workspaceId ?? caller.userId })
              : undefined;
        } catch (error) {
          // As on every other route, a deleted account hears 401 before it hears about its input; and
          // someone outside the workspace, or without the permission, hears 403 before it too.
          if (scope && caller) await checks.readWorkspaceCheckingAccount(caller.userId, new Date(), scope);
          else if (checkedWithFirstRead && caller) await checks.refuseDeletedAccount(caller.userId, new Date());
          throw error;
        }
        let workspace: WorkspaceAccess | null = caller ? { workspaceId: caller.userId, role: 'owner' } : null;
        let read: unknown;
        if (caller && scope) {
          ({ access: workspace, read } = await readInWorkspace(checks, caller.userId, scope, pending, new Date()));
        } else if (caller && pending) read = await readCheckingAccount(checks, caller.userId, pending, new Date());
        const result = await route({ ...input, caller, event, context, read, workspace });
        return json(result.status, result.body, { ...context.responseHeaders, ...result.headers }, result.cookies);
      },
      [],
      { checks, resumesAccountDeletion, checkedWithFirstRead, apiScope },
    );
    if (apiScope) Object.assign(handler, { apiScope });
    return permission ? Object.assign(handler, { workspace: permission }) : handler;
  };
}

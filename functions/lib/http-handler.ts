import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj, type MiddyfiedHandler } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { DomainError, PayloadTooLargeError, UnauthorizedError, ValidationError } from './errors';
import { logger } from './logger';
import { metricsMiddleware } from './metrics';
import { tracerMiddleware } from './tracer';

/** Bodies over this size are refused before parsing. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The caller, as the JWT authorizer verified them. */
export interface Caller {
  userId: string;
  /** The Cognito username (the admin APIs' key for the user). */
  username: string;
  email: string;
  groups: string[];
}

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** What a route returns: a status with an optional JSON body. */
export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
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
  event: HttpEvent;
}

type Handler = MiddyfiedHandler<HttpEvent, APIGatewayProxyStructuredResultV2>;

/** Formats the first few zod issues as one readable sentence. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, what: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(`Invalid ${what}: ${describeIssues(result.error)}`);
  return result.data;
}

function readJsonBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('Request body is not valid JSON');
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

function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** The API Gateway request id is the correlation id the request's queue messages carry on. */
const observability: MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2> = {
  before: async (request) => {
    logger.setCorrelationId(request.event.requestContext.requestId);
  },
};

/** Registered last: domain errors become their status and message; anything else a bare 500. */
const errorToHttp: MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2> = {
  onError: async (request) => {
    const { error } = request;
    if (error instanceof DomainError) {
      request.response = json(error.status, { error: error.message, ...error.details });
      return;
    }
    logger.error('unhandled error', { error, path: request.event.rawPath });
    request.response = json(500, { error: 'Something went wrong on our side. Please try again.' });
  },
};

/**
 * Builds an API route handler: the body (JSON, at most 256 KB), query and path parameters are
 * validated with the given schemas, and the caller comes from the verified token. Routes with
 * `auth: 'public'` get `caller: null`.
 */
export function httpHandler<TBody = undefined, TQuery = undefined, TParams = undefined>(
  options: Schemas<TBody, TQuery, TParams> & { auth: 'public' },
  route: (input: HttpInput<TBody, TQuery, TParams, Caller | null>) => Promise<HttpResult>,
): Handler;
export function httpHandler<TBody = undefined, TQuery = undefined, TParams = undefined>(
  options: Schemas<TBody, TQuery, TParams> & { auth?: 'user' },
  route: (input: HttpInput<TBody, TQuery, TParams, Caller>) => Promise<HttpResult>,
): Handler;
export function httpHandler<TBody, TQuery, TParams>(
  options: Schemas<TBody, TQuery, TParams> & { auth?: 'user' | 'public' },
  // biome-ignore lint/suspicious/noExplicitAny: the overloads above type the caller precisely
  route: (input: HttpInput<TBody, TQuery, TParams, any>) => Promise<HttpResult>,
): Handler {
  const core = async (event: HttpEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    const caller = callerFromEvent(event);
    if (options.auth !== 'public' && !caller) throw new UnauthorizedError();
    const input = {
      body: parse(options.body, readJsonBody(event), 'request body'),
      query: parse(options.query, event.queryStringParameters ?? {}, 'query parameters'),
      params: parse(options.params, event.pathParameters ?? {}, 'path parameters'),
      caller,
      event,
    };
    const result = await route(input);
    return json(result.status, result.body, result.headers);
  };
  return middy<HttpEvent, APIGatewayProxyStructuredResultV2>()
    .use(observability)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(tracerMiddleware())
    .use(metricsMiddleware())
    .use(errorToHttp)
    .handler(core);
}

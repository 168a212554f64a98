/**
 * The command line's client of the public API (/v1): the few operations it uses, over fetch, each
 * answer checked against the route's shared schema. A refusal is an `ApiError` with the API's
 * `{ error, code }` (or, for an answer that is not ours, the status alone).
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { apiErrorSchema } from '../shared/error-codes';
import { cliMessages } from '../shared/messages/cli';
import { type CreateGenerationJobRequest, IDEMPOTENCY_KEY_HEADER } from '../shared/schemas/generation';
import { insightsResponseSchema } from '../shared/schemas/insights';
import { jobStatusPath, publicJobSchema } from '../shared/schemas/public-api';
import {
  connectionsResponseSchema,
  type PublishRequest,
  publishStatusResponseSchema,
} from '../shared/schemas/publishing';
import { type ScheduleRequest, scheduledItemSchema, scheduledListResponseSchema } from '../shared/schemas/scheduling';
import {
  type ListThreadsQuery,
  threadPageSchema,
  threadSchema,
  type UpdateThreadRequest,
} from '../shared/schemas/thread';
import type { CliConfig } from './config';
import { ApiError } from './errors';

export type PublicJob = z.infer<typeof publicJobSchema>;

/** A client of the API at `config.url` with `config.key`; `fetchImpl` for tests. */
export function createApiClient(config: CliConfig, fetchImpl: typeof fetch = fetch) {
  async function call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.key}`,
          accept: 'application/json',
          'user-agent': 'threadsnip-cli',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new ApiError(0, 'network_error', cliMessages.unreachable(config.url, reason));
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) throw refusal(response.status, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(response.status, 'unexpected_answer', cliMessages.unexpectedAnswer(path));
    return parsed.data;
  }

  return {
    /** GET /v1/threads: one page of the workspace's threads, newest first. */
    listThreads: (cursor?: string, order: Partial<Pick<ListThreadsQuery, 'sort' | 'order'>> = {}) => {
      const query = new URLSearchParams({
        ...(order.sort ? { sort: order.sort } : {}),
        ...(order.order ? { order: order.order } : {}),
        ...(cursor ? { cursor } : {}),
      }).toString();
      return call(threadPageSchema, 'GET', `/v1/threads${query ? `?${query}` : ''}`);
    },
    /** GET /v1/threads/{id}: one thread with its posts. */
    getThread: (threadId: string) => call(threadSchema, 'GET', `/v1/threads/${encodeURIComponent(threadId)}`),
    /** PATCH /v1/threads/{id}: the posts saved as edited (each within 280, the attribution as generated). */
    updateThread: (threadId: string, request: UpdateThreadRequest) =>
      call(threadSchema, 'PATCH', `/v1/threads/${encodeURIComponent(threadId)}`, request),
    /** GET /v1/insights?days=: the workspace's insights over 7, 30 or 90 days. */
    getInsights: (days: number) => call(insightsResponseSchema, 'GET', `/v1/insights?days=${days}`),
    /** POST /v1/threads: a thread from a URL, as a job (one Idempotency-Key per command, so a retry is charged once). */
    createThread: (request: CreateGenerationJobRequest, idempotencyKey: string = randomUUID()) =>
      call(publicJobSchema, 'POST', '/v1/threads', request, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    /** GET /v1/jobs/{id}: the job's status. */
    getJob: (jobId: string) => call(publicJobSchema, 'GET', jobStatusPath(jobId)),
    /** POST /v1/threads/{id}/publish: publishing starts (202). */
    publish: (threadId: string, request: PublishRequest) =>
      call(publishStatusResponseSchema, 'POST', `/v1/threads/${encodeURIComponent(threadId)}/publish`, request),
    /** GET /v1/threads/{id}/publishing: each platform's state and post URL. */
    publishStatus: (threadId: string) =>
      call(publishStatusResponseSchema, 'GET', `/v1/threads/${encodeURIComponent(threadId)}/publishing`),
    /** POST /v1/threads/{id}/schedule: an item at a time, or in the posting queue. */
    schedule: (threadId: string, request: ScheduleRequest) =>
      call(scheduledItemSchema, 'POST', `/v1/threads/${encodeURIComponent(threadId)}/schedule`, request),
    /** GET /v1/connections: the workspace's connections (no tokens), to check and lay out platforms. */
    listConnections: () => call(connectionsResponseSchema, 'GET', '/v1/connections'),
    /** GET /v1/scheduled: the upcoming items. */
    listScheduled: () => call(scheduledListResponseSchema, 'GET', '/v1/scheduled'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The API's `{ error, code }`; a 401 of any shape (the gateway's own too) says to log in again. */
function refusal(status: number, body: unknown): ApiError {
  const ours = apiErrorSchema.safeParse(body);
  if (status === 401) return new ApiError(401, ours.success ? ours.data.code : 'unauthorized', cliMessages.keyRefused);
  if (ours.success) return new ApiError(status, ours.data.code, ours.data.error);
  return new ApiError(status, 'http_error', cliMessages.httpStatus(status));
}

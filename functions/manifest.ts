/**
 * Every backend entry point, in one list read by both the CDK app (one Lambda each, API routes,
 * queues, the schedule, the Cognito trigger) and the local stack (the HTTP bridge, the queue
 * poller, the daily timer), so nothing runs locally that the cloud does not also run.
 * `handler` is a module path under functions/, without extension; each module exports `handler`.
 */

/** `ANY` matches every method (used by the /api catch-all). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/**
 * How a route is guarded, enforced twice: by the gateway (the JWT authorizer on `user` and `admin`
 * routes, in the CDK app and the local bridge alike) and by the handler's own middy stack
 * (functions/lib/http-handler.ts, webhook-handler.ts, oauth-callback-handler.ts):
 * - `public`: anyone; no caller.
 * - `user`: a valid Cognito token (401 `unauthorized` without one).
 * - `admin`: a valid token and the caller's stored role is `admin` (403 `admin_required` otherwise);
 *   the role is read from the table on every call, never taken from the token's groups.
 * - `webhook`: no token; the raw body reaches the handler byte for byte for its signature check,
 *   under the handler's own size cap (400 `webhook_signature_invalid` / `payload_too_large`).
 * - `oauth-callback`: no token; a signed, single-use `state` issued to a signed-in user instead
 *   (400 `oauth_state_invalid` when missing, forged, expired, foreign or used).
 */
export type RouteKind = 'public' | 'user' | 'admin' | 'webhook' | 'oauth-callback';

/** The kinds whose requests carry a verified Cognito token. */
export const TOKEN_KINDS: readonly RouteKind[] = ['user', 'admin'];

export interface RouteEntry {
  method: HttpMethod;
  /** API Gateway route path, with `{name}` parameters. */
  path: string;
  handler: string;
  /** The route's kind (see RouteKind); the handler module is built for the same kind. */
  auth: RouteKind;
  /** Seconds; defaults to 10. */
  timeoutSeconds?: number;
  memoryMb?: number;
}

export interface QueueEntry {
  /** Logical name, also the env var prefix of its URL (`GENERATION_QUEUE_URL`). */
  name: 'generation' | 'publishing';
  handler: string;
  /** The worker's timeout; the queue's visibility timeout is six times this. */
  timeoutSeconds: number;
  memoryMb: number;
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
}

export interface ScheduleEntry {
  name: string;
  handler: string;
  /** EventBridge cron expression; the local timer understands the daily `cron(M H * * ? *)` form. */
  cron: string;
}

export const routes: RouteEntry[] = [
  { method: 'GET', path: '/api/health', handler: 'http/get-health', auth: 'public' },
  { method: 'GET', path: '/api/me', handler: 'http/get-me', auth: 'user' },
  { method: 'DELETE', path: '/api/me', handler: 'http/delete-me', auth: 'user', timeoutSeconds: 60 },
  {
    method: 'POST',
    path: '/api/extract-article',
    handler: 'http/post-extract-article',
    auth: 'user',
    timeoutSeconds: 20,
    memoryMb: 1024,
  },
  {
    method: 'POST',
    path: '/api/check-content-sensitivity',
    handler: 'http/post-check-content-sensitivity',
    auth: 'user',
    timeoutSeconds: 15,
    memoryMb: 1024,
  },
  { method: 'POST', path: '/api/generation-jobs', handler: 'http/post-generation-job', auth: 'user' },
  { method: 'GET', path: '/api/generation-jobs/{jobId}', handler: 'http/get-generation-job', auth: 'user' },
  { method: 'GET', path: '/api/threads/{threadId}', handler: 'http/get-thread', auth: 'user' },
  { method: 'PUT', path: '/api/threads/{threadId}', handler: 'http/put-thread', auth: 'user' },
  { method: 'GET', path: '/api/credits/transactions', handler: 'http/get-credit-transactions', auth: 'user' },
  { method: 'GET', path: '/api/connections', handler: 'http/connections/get-connections', auth: 'user' },
  {
    method: 'POST',
    path: '/api/connections/telegram',
    handler: 'http/connections/post-telegram-connection',
    auth: 'user',
    timeoutSeconds: 20,
  },
  {
    method: 'DELETE',
    path: '/api/connections/{platform}',
    handler: 'http/connections/delete-connection',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/publish',
    handler: 'http/publishing/post-publish',
    auth: 'user',
    timeoutSeconds: 20,
  },
  {
    method: 'GET',
    path: '/api/threads/{threadId}/publishing',
    handler: 'http/publishing/get-publish-status',
    auth: 'user',
  },
  // The most specific route wins, so this only answers paths no other route matches.
  { method: 'ANY', path: '/api/{proxy+}', handler: 'http/not-found', auth: 'public' },
];

export const queues: QueueEntry[] = [
  {
    name: 'generation',
    handler: 'queue/generation-worker',
    timeoutSeconds: 90,
    memoryMb: 1536,
    batchSize: 1,
    maxReceiveCount: 3,
  },
  {
    name: 'publishing',
    handler: 'queue/publishing-worker',
    timeoutSeconds: 60,
    memoryMb: 512,
    // One platform's thread per invocation, so the per-message delays keep their stagger.
    batchSize: 1,
    maxReceiveCount: 3,
  },
];

export const schedules: ScheduleEntry[] = [
  { name: 'refresh-free-credits', handler: 'schedule/refresh-free-credits', cron: 'cron(0 0 * * ? *)' },
];

/** Cognito triggers: post-confirmation creates the account records and grants the admin role. */
export const authTriggers = {
  postConfirmation: 'auth/post-confirmation',
} as const;

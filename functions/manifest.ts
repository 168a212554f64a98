/**
 * Every backend entry point, in one list read by both the CDK app (one Lambda each, API routes,
 * queues, the schedule, the scheduled items' fire target, the Cognito trigger) and the local stack
 * (the HTTP bridge, the queue poller, the daily timer, the local scheduler), so nothing runs locally
 * that the cloud does not also run.
 * `handler` is a module path under functions/, without extension; each module exports `handler`.
 */

import type * as z from 'zod';
import type { ErrorCode } from '../shared/error-codes';
import { type ApiKeyScope, scopePermission } from '../shared/schemas/api-keys';
import { feedListSchema, inboxPageSchema, inboxQuerySchema } from '../shared/schemas/feeds';
import { createGenerationJobRequestSchema, generationJobParamsSchema } from '../shared/schemas/generation';
import { insightsQuerySchema, insightsResponseSchema, threadPerformanceSchema } from '../shared/schemas/insights';
import { openApiDocumentSchema } from '../shared/schemas/openapi';
import { idempotencyHeadersSchema, publicJobSchema } from '../shared/schemas/public-api';
import {
  connectionsResponseSchema,
  publishRequestSchema,
  publishStatusResponseSchema,
} from '../shared/schemas/publishing';
import {
  scheduledItemSchema,
  scheduledListQuerySchema,
  scheduledListResponseSchema,
  scheduleRequestSchema,
  scheduleThreadParamsSchema,
} from '../shared/schemas/scheduling';
import {
  listThreadsQuerySchema,
  threadPageSchema,
  threadParamsSchema,
  threadSchema,
  updateThreadRequestSchema,
} from '../shared/schemas/thread';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointsResponseSchema,
  webhookParamsSchema,
  webhookSecretResponseSchema,
  webhookTestResponseSchema,
  webhookUpdatedResponseSchema,
} from '../shared/schemas/webhooks';
import type { WorkspacePermission } from '../shared/workspaces/roles';

/** `ANY` matches every method (used by the /api catch-all). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/**
 * How a route is guarded, enforced twice: by the gateway (the JWT authorizer on `user` and `admin`
 * routes, in the CDK app and the local bridge alike) and by the handler's own middy stack
 * (functions/lib/http-handler.ts, webhook-handler.ts, oauth-callback-handler.ts):
 * - `public`: anyone; no caller.
 * - `user`: a valid Cognito token (401 `unauthorized` without one) of an account that is not deleted
 *   (401 `account_deleted`; also checked by `admin` and `oauth-callback` routes).
 * - `admin`: a valid token and the caller's stored role is `admin` (403 `admin_required` otherwise);
 *   the role is read from the table on every call, never taken from the token's groups.
 * - `api-key`: the public API (/v1): an `Authorization: Bearer tsk_live_…` key verified by the API
 *   key authorizer (a Lambda authorizer in the cloud, the same code in the local bridge); the request
 *   acts as the key's creator in the key's workspace, needs the route's `apiScope` (403
 *   `api_key_scope_missing`) and the creator's role to allow its permission there, and counts against
 *   the key's rate budget (429 with `Retry-After`, `RateLimit` headers on every answer).
 * - `webhook`: no token; the raw body reaches the handler byte for byte for its signature check,
 *   under the handler's own size cap (400 `webhook_signature_invalid` / `payload_too_large`).
 * - `oauth-callback`: no token; a signed, single-use `state` issued to a signed-in user instead,
 *   spent only by the browser that started the flow (its flow cookie: 400 `oauth_browser_mismatch`
 *   otherwise, nothing spent; 400 `oauth_state_invalid` when missing, forged, expired, foreign or
 *   used; a route with `onFailure`, like the connections' callback, redirects the browser back with
 *   the error instead).
 */
export type RouteKind = 'public' | 'user' | 'admin' | 'webhook' | 'oauth-callback' | 'api-key';

/** The kinds whose requests carry a verified Cognito token. */
export const TOKEN_KINDS: readonly RouteKind[] = ['user', 'admin'];

/**
 * The kinds whose requests act for one user account (a token's, or the OAuth state's user): each
 * checks that the account is not deleted, so each can read the table.
 */
export const ACCOUNT_KINDS: readonly RouteKind[] = [...TOKEN_KINDS, 'oauth-callback', 'api-key'];

export type QueueName = 'generation' | 'publishing' | 'webmention' | 'feeds' | 'webhooks';

/**
 * Keys of the deployment's API keys secret a function may read, at run time (functions/lib/aws/secrets.ts);
 * locally each is the environment variable of the same name.
 */
export type SecretName = 'OPENAI_API_KEY' | 'OAUTH_STATE_SECRET';

/** Cognito admin actions on the app's user pool. */
export type CognitoAdminAction =
  | 'AdminUserGlobalSignOut'
  | 'AdminDeleteUser'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup';

/**
 * What a function touches; the CDK app grants exactly this and nothing else (least privilege), and
 * the assertions test checks the grants against these declarations.
 */
export interface Access {
  /** `read`: Get/Query/BatchGet; `write`: also Put/Update/Delete/BatchWrite. Absent: no table rights. */
  table?: 'read' | 'write';
  /** Queues it sends messages to. */
  sendTo?: QueueName[];
  /** Reads the queues' attributes (the health check). */
  inspectQueues?: boolean;
  cognito?: CognitoAdminAction[];
  secrets?: SecretName[];
  /** Reads the Stripe keys from their own secret at cold start (never as environment values). */
  stripe?: boolean;
  /** Encrypts or decrypts platform tokens with the token key secret. */
  tokenKey?: boolean;
  /** Reads the platforms' OAuth app credentials from their own secret (never as environment values). */
  platformClients?: boolean;
  /**
   * Creates, updates and deletes scheduled items' one-time schedules (EventBridge Scheduler) in the
   * stack's schedule group, handing them the scheduler role (iam:PassRole on that role only).
   */
  scheduler?: boolean;
  /** Puts events on the application's EventBridge bus (events:PutEvents on that bus only). */
  putEvents?: boolean;
  /**
   * Sends mail with `sendMail` (functions/lib/aws/mail.ts): ses:SendEmail on the stage's SES identity
   * only, as its MAIL_FROM address only. Without a configured sender (infra's mailFrom) it gets neither.
   */
  mail?: boolean;
  /**
   * The media bucket of pictures: `read` gets objects (and signs GET URLs with that right); `write`
   * also puts, tags and deletes them (and signs upload forms). Absent: no bucket, no MEDIA_BUCKET.
   */
  media?: 'read' | 'write';
  /**
   * What the function does with pictures: `decode` loads sharp (a native module: the function runs
   * on x86_64 with the linux-x64 build beside its bundle); `quote-cards` also renders cards, with
   * their fonts copied beside it.
   */
  imaging?: 'decode' | 'quote-cards';
}

/**
 * Where an entry's function is deployed. Absent: the App stack itself, which holds only the functions
 * first deployed there (their logical ids are pinned; moving a Lambda to another stack would replace
 * it). Every function added since names the area's nested stack of the App stack (`FeedsFunctions`,
 * `InsightsFunctions`, …), each with its own 500-resource budget; the function's route, event source
 * mapping and schedule rule go with it, while the API, queues, bus, secrets and dashboard stay in the
 * App stack (docs/architecture.md, "Deployment groups").
 */
export type DeploymentGroup =
  | 'feeds'
  | 'insights'
  | 'public-pages'
  | 'connections'
  | 'media'
  | 'workspaces'
  | 'public-api'
  | 'webhooks';

/** Every deployment group, in the order their nested stacks are built. */
export const DEPLOYMENT_GROUPS: readonly DeploymentGroup[] = [
  'feeds',
  'insights',
  'public-pages',
  'connections',
  'media',
  'workspaces',
  'public-api',
  'webhooks',
];

/**
 * A route's contract, the shared zod schemas its handler validates with (the same ones, by name) and
 * the answer it gives on success: what the public API's OpenAPI document is generated from
 * (functions/services/public-api/openapi-document.ts). Every /v1 route declares them; the document's
 * build refuses one that does not.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the route reads (names as sent). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The success status (`response` is its body; none for 204). */
  status: 200 | 201 | 202 | 204;
  response?: z.ZodType;
  /** One line for the reference: what the operation does (default: its handler's name in words). */
  summary?: string;
  description?: string;
  /**
   * The error codes the route's own work may answer, by status; the route kind's own refusals (a
   * refused key, a missing scope, the rate limit, bad input for a route with a schema) are added by the build.
   */
  errors?: Partial<Record<number, ErrorCode[]>>;
}

export interface RouteEntry {
  method: HttpMethod;
  /** API Gateway route path, with `{name}` parameters. */
  path: string;
  handler: string;
  /** The route's kind (see RouteKind); the handler module is built for the same kind. */
  auth: RouteKind;
  /**
   * A `user` route that acts in a workspace: the permission its caller needs there (shared/workspaces/roles.ts),
   * checked with the route's first read; the workspace is the path's `{workspaceId}`, else the
   * `x-workspace-id` header, else the caller's personal one. Absent: the route acts for the caller
   * alone (their account, or the workspaces they belong to).
   */
  workspace?: WorkspacePermission;
  /** An `api-key` route: the scope its key needs (its `workspace` is the permission the scope maps to). */
  apiScope?: ApiKeyScope;
  access: Access;
  /** Seconds; defaults to 10. */
  timeoutSeconds?: number;
  memoryMb?: number;
  /** Served by the local stack only, never deployed (the test checkout). */
  localOnly?: boolean;
  /** The nested stack its function deploys in (see DeploymentGroup); absent only for the first-deployed ones. */
  deploymentGroup?: DeploymentGroup;
  /** The request and response schemas; every /v1 route declares them (see RouteSchemas). */
  schemas?: RouteSchemas;
}

export interface QueueEntry {
  /** Logical name, also the env var prefix of its URL (`GENERATION_QUEUE_URL`). */
  name: QueueName;
  handler: string;
  access: Access;
  /** The worker's timeout; the queue's visibility timeout is six times this. */
  timeoutSeconds: number;
  memoryMb: number;
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /**
   * Messages run at the same time: the worker's reserved concurrency (and the event source's
   * maximum concurrency) in the cloud, the local poller's parallelism (LOCAL_QUEUE_CONCURRENCY overrides it).
   */
  concurrency: number;
  /** The nested stack its function deploys in (see DeploymentGroup); absent only for the first-deployed ones. */
  deploymentGroup?: DeploymentGroup;
  /**
   * The queue itself, its dead-letter queue and their DLQ alarm deploy in the worker's nested stack
   * too (queues added after the App stack neared its resource cap; the first ones stay there).
   */
  queueInGroupStack?: boolean;
  /**
   * The application events (from APP_EVENT_SOURCE) a bus rule puts on this queue, each message the
   * EventBridge event as JSON; locally the local bus sends them to the local queue the same way.
   */
  fromEvents?: AppEventType[];
}

export interface ScheduleEntry {
  name: string;
  handler: string;
  access: Access;
  /**
   * EventBridge schedule expression; the local timer runs the daily `cron(M H * * ? *)` form and
   * `rate(N minutes|hours|days)` (local/schedule-timer.ts).
   */
  cron: string;
  /** Seconds; defaults to 10. */
  timeoutSeconds?: number;
  memoryMb?: number;
  /** The nested stack its function deploys in (see DeploymentGroup); absent only for the first-deployed ones. */
  deploymentGroup?: DeploymentGroup;
}

/** The functions one-time schedules may invoke, each found through its own environment variable. */
export type SchedulerTargetName = 'scheduled-items' | 'engagement-readings' | 'plug-checks';

/**
 * A function EventBridge Scheduler invokes with a one-time schedule's input (a scheduled item's
 * fire, an engagement reading); locally the local scheduler calls it the same way.
 */
export interface SchedulerTargetEntry {
  name: SchedulerTargetName;
  /** The variable that hands the target's ARN to the functions that schedule. */
  arnEnv: 'SCHEDULER_TARGET_ARN' | 'READING_TARGET_ARN' | 'PLUG_TARGET_ARN';
  handler: string;
  access: Access;
  timeoutSeconds: number;
  memoryMb: number;
  /** The nested stack its function deploys in (see DeploymentGroup); absent only for the first-deployed ones. */
  deploymentGroup?: DeploymentGroup;
}

/**
 * A public API (/v1) route: an `api-key` route in the `public-api` group, acting in the key's
 * workspace with the permission its scope maps to.
 */
function v1Route(entry: Omit<RouteEntry, 'auth' | 'deploymentGroup'> & { apiScope: ApiKeyScope }): RouteEntry {
  // A route may need a stricter permission than its scope's (managing webhooks needs `members`).
  return {
    ...entry,
    deploymentGroup: 'public-api',
    auth: 'api-key',
    workspace: entry.workspace ?? scopePermission[entry.apiScope],
  };
}

export const routes: RouteEntry[] = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'http/system/get-health',
    auth: 'public',
    access: { table: 'read', inspectQueues: true },
  },
  {
    method: 'GET',
    path: '/api/me',
    handler: 'http/account/get-me',
    auth: 'user',
    // The credits shown are the current workspace's.
    workspace: 'read',
    access: { table: 'write' },
  },
  // is_admin for the header: any signed-in user; write, as every admin check is recorded.
  {
    method: 'GET',
    path: '/api/me/is-admin',
    handler: 'http/admin/get-is-admin',
    auth: 'user',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/me',
    handler: 'http/account/delete-me',
    auth: 'user',
    timeoutSeconds: 60,
    // Sessions revoked (refresh tokens) before the sign-in identity is deleted; its items' schedules deleted.
    access: {
      table: 'write',
      cognito: ['AdminUserGlobalSignOut', 'AdminDeleteUser'],
      scheduler: true,
      // The account's picture files go with it.
      media: 'write',
    },
  },
  {
    method: 'POST',
    path: '/api/extract-article',
    handler: 'http/extraction/post-extract-article',
    auth: 'user',
    workspace: 'write',
    timeoutSeconds: 20,
    memoryMb: 1024,
    // Writes the kept extraction the generation worker reuses.
    access: { table: 'write', secrets: ['OPENAI_API_KEY'] },
  },
  {
    method: 'POST',
    path: '/api/check-content-sensitivity',
    handler: 'http/moderation/post-check-content-sensitivity',
    auth: 'user',
    timeoutSeconds: 15,
    memoryMb: 1024,
    access: { secrets: ['OPENAI_API_KEY'] },
  },
  {
    method: 'POST',
    path: '/api/generation-jobs',
    handler: 'http/generation/post-generation-job',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', sendTo: ['generation'] },
  },
  {
    method: 'GET',
    path: '/api/generation-jobs/{jobId}',
    handler: 'http/generation/get-generation-job',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  // Write: reading someone else's thread records a security event.
  {
    method: 'GET',
    path: '/api/threads/{threadId}',
    handler: 'http/threads/get-thread',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/threads/{threadId}',
    handler: 'http/threads/put-thread',
    auth: 'user',
    workspace: 'write',
    // Checks the pictures its posts carry are the caller's, and tags them as kept.
    access: { table: 'write', media: 'write' },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/posts/{postId}/quote-card',
    handler: 'http/media/post-quote-card',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', media: 'write', imaging: 'quote-cards' },
    timeoutSeconds: 30,
    memoryMb: 1024,
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/article-picture',
    handler: 'http/media/post-article-picture',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'write',
    // The model drafts the picture's alt text when the page gives none.
    access: { table: 'write', media: 'write', imaging: 'decode', secrets: ['OPENAI_API_KEY'] },
    timeoutSeconds: 30,
    memoryMb: 1024,
  },
  {
    method: 'GET',
    path: '/api/credits/transactions',
    handler: 'http/credits/get-credit-transactions',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  // Read only: the history's poll for the newest thread id records no event (no content, own id only).
  {
    method: 'GET',
    path: '/api/threads/newest',
    handler: 'http/threads/get-newest-thread',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  // Write: every listing records a security event.
  {
    method: 'GET',
    path: '/api/threads',
    handler: 'http/threads/get-threads',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  // Deleting a thread cancels its scheduled items and deletes their schedules.
  {
    method: 'DELETE',
    path: '/api/threads/{threadId}',
    handler: 'http/threads/delete-thread',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', scheduler: true },
  },
  {
    method: 'GET',
    path: '/api/credit-packages',
    handler: 'http/payments/get-credit-packages',
    auth: 'user',
    // Write: the first read of an empty table seeds the default packages.
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/credits/checkout',
    handler: 'http/payments/post-credit-checkout',
    auth: 'user',
    workspace: 'billing',
    access: { table: 'write', stripe: true },
  },
  {
    method: 'POST',
    path: '/api/credits/verify-payment',
    handler: 'http/payments/post-verify-credit-payment',
    auth: 'user',
    workspace: 'billing',
    access: { table: 'write', stripe: true },
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    handler: 'webhooks/stripe',
    auth: 'webhook',
    access: { table: 'write', stripe: true },
  },
  {
    method: 'POST',
    path: '/api/credits/test-checkout',
    handler: 'http/payments/post-test-checkout',
    auth: 'user',
    workspace: 'billing',
    access: { table: 'write' },
    localOnly: true,
  },
  {
    method: 'GET',
    path: '/api/connections',
    handler: 'http/connections/get-connections',
    auth: 'user',
    workspace: 'read',
    // The app credentials tell which OAuth platforms can be connected here.
    access: { table: 'read', platformClients: true },
  },
  {
    method: 'POST',
    path: '/api/connections/telegram',
    handler: 'http/connections/post-telegram-connection',
    auth: 'user',
    workspace: 'connections',
    timeoutSeconds: 20,
    access: { table: 'write', tokenKey: true },
  },
  {
    method: 'PUT',
    path: '/api/connections/{platform}/target',
    handler: 'http/connections/put-connection-target',
    auth: 'user',
    workspace: 'connections',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/connections/linkedin/identity',
    handler: 'http/connections/put-linkedin-identity',
    deploymentGroup: 'connections',
    auth: 'user',
    workspace: 'connections',
    timeoutSeconds: 20,
    // Opens the member's token to ask LinkedIn which pages they administer (refreshing needs the app's credentials).
    access: { table: 'write', tokenKey: true, platformClients: true },
  },
  {
    method: 'POST',
    path: '/api/connections/{platform}/authorize',
    handler: 'http/connections/post-oauth-authorization',
    auth: 'user',
    workspace: 'connections',
    timeoutSeconds: 20,
    // Stores the state's nonce; Mastodon registers (and seals) an app per instance.
    access: { table: 'write', secrets: ['OAUTH_STATE_SECRET'], platformClients: true, tokenKey: true },
  },
  {
    method: 'GET',
    path: '/api/connections/{platform}/callback',
    handler: 'http/connections/get-oauth-callback',
    auth: 'oauth-callback',
    timeoutSeconds: 20,
    access: { table: 'write', secrets: ['OAUTH_STATE_SECRET'], platformClients: true, tokenKey: true },
  },
  {
    method: 'POST',
    path: '/api/connections/bluesky',
    handler: 'http/connections/post-bluesky-connection',
    auth: 'user',
    workspace: 'connections',
    timeoutSeconds: 20,
    access: { table: 'write', tokenKey: true },
  },
  {
    method: 'DELETE',
    path: '/api/connections/{platform}',
    handler: 'http/connections/delete-connection',
    auth: 'user',
    workspace: 'connections',
    // Deletes the pending check of each armed plug on the platform.
    access: { table: 'write', scheduler: true },
  },
  {
    method: 'PATCH',
    path: '/api/connections/{platform}/{accountId}',
    handler: 'http/connections/patch-connection-account',
    deploymentGroup: 'connections',
    auth: 'user',
    workspace: 'connections',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/connections/{platform}/{accountId}',
    handler: 'http/connections/delete-connection-account',
    deploymentGroup: 'connections',
    auth: 'user',
    workspace: 'connections',
    // The platform's last account going deletes the pending check of each armed plug on it.
    access: { table: 'write', scheduler: true },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/publish',
    handler: 'http/publishing/post-publish',
    auth: 'user',
    workspace: 'write',
    timeoutSeconds: 20,
    // Refreshing an expiring OAuth token needs the platform's app credentials.
    access: { table: 'write', sendTo: ['publishing'], tokenKey: true, platformClients: true },
  },
  // Write: someone else's thread id records a security event; searching as the curator opens their token.
  {
    method: 'GET',
    path: '/api/threads/{threadId}/author-posts',
    handler: 'http/publishing/get-author-posts',
    auth: 'user',
    workspace: 'read',
    timeoutSeconds: 20,
    deploymentGroup: 'connections',
    access: { table: 'write', tokenKey: true, platformClients: true },
  },
  // Write: someone else's thread id records a security event.
  {
    method: 'GET',
    path: '/api/threads/{threadId}/publishing',
    handler: 'http/publishing/get-publish-status',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  // Write: someone else's thread id records a security event.
  {
    method: 'GET',
    path: '/api/threads/{threadId}/performance',
    handler: 'http/insights/get-thread-performance',
    deploymentGroup: 'insights',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  // Reads every platform now (kind 'manual'), at most once per 10 minutes per thread.
  {
    method: 'POST',
    path: '/api/threads/{threadId}/performance/refresh',
    handler: 'http/insights/post-performance-refresh',
    deploymentGroup: 'insights',
    auth: 'user',
    workspace: 'read',
    timeoutSeconds: 30,
    access: { table: 'write', tokenKey: true, platformClients: true },
  },
  // Two Queries (the period's days, its threads' summaries) and the zone's Get.
  {
    method: 'GET',
    path: '/api/insights',
    handler: 'http/insights/get-insights',
    deploymentGroup: 'insights',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  // X bills each read: reads stay off until the user turns them on for their X connection.
  {
    method: 'PUT',
    path: '/api/connections/twitter/engagement-reads',
    handler: 'http/connections/put-engagement-reads',
    deploymentGroup: 'insights',
    auth: 'user',
    workspace: 'connections',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/threads/{threadId}/visibility',
    handler: 'http/public/put-thread-visibility',
    deploymentGroup: 'public-pages',
    auth: 'user',
    workspace: 'write',
    // Making a thread public queues the Webmention to its article's author.
    access: { table: 'write', sendTo: ['webmention'] },
  },
  // The curator's display name: account settings, deployed with the public pages that show it.
  {
    method: 'PUT',
    path: '/api/me/display-name',
    handler: 'http/account/put-display-name',
    deploymentGroup: 'public-pages',
    auth: 'user',
    // Creates the account's records if missing (as GET /api/me does), then sets the name.
    access: { table: 'write' },
  },
  // The plug's default for new threads: account settings.
  {
    method: 'PUT',
    path: '/api/me/plug-default',
    handler: 'http/account/put-plug-default',
    deploymentGroup: 'insights',
    auth: 'user',
    // Creates the account's records if missing (as GET /api/me does), then sets the default.
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/threads/{threadId}/webmention',
    handler: 'http/public/get-thread-webmention',
    deploymentGroup: 'public-pages',
    auth: 'user',
    workspace: 'read',
    // Reads the thread; writes only a refusal's security event (another user's id or none).
    access: { table: 'write' },
  },
  // Server-rendered HTML pages, readable signed out (CloudFront sends /t/* and /about-article here).
  {
    method: 'GET',
    path: '/t/{publicId}',
    handler: 'http/public/get-public-thread',
    deploymentGroup: 'public-pages',
    auth: 'public',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/about-article',
    handler: 'http/public/get-about-article',
    deploymentGroup: 'public-pages',
    auth: 'public',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/scheduling/queue',
    handler: 'http/scheduling/get-posting-queue',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/scheduling/queue',
    handler: 'http/scheduling/put-posting-queue',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/schedule',
    handler: 'http/scheduling/post-schedule',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', scheduler: true },
  },
  // Write: someone else's thread id records a security event.
  {
    method: 'GET',
    path: '/api/threads/{threadId}/schedule',
    handler: 'http/scheduling/get-thread-schedule',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  // Write: a fired item's outcome is kept on it once its run has ended.
  {
    method: 'GET',
    path: '/api/scheduled',
    handler: 'http/scheduling/get-scheduled',
    auth: 'user',
    workspace: 'read',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/scheduled/{itemId}',
    handler: 'http/scheduling/put-scheduled-item',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', scheduler: true },
  },
  {
    method: 'DELETE',
    path: '/api/scheduled/{itemId}',
    handler: 'http/scheduling/delete-scheduled-item',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', scheduler: true },
  },
  // Fires through the same path as the schedule does (so it publishes as the worker's fire would).
  {
    method: 'POST',
    path: '/api/scheduled/{itemId}/publish-now',
    handler: 'http/scheduling/post-publish-now',
    auth: 'user',
    workspace: 'write',
    timeoutSeconds: 20,
    // The fired item is announced on the bus (ScheduleFired).
    access: {
      table: 'write',
      sendTo: ['publishing'],
      tokenKey: true,
      platformClients: true,
      scheduler: true,
      putEvents: true,
    },
  },
  {
    method: 'GET',
    path: '/api/feeds',
    handler: 'http/feeds/get-feeds',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  // Reads the address (and the feed its page names) at once, so the feed's newest items land with it.
  {
    method: 'POST',
    path: '/api/feeds',
    handler: 'http/feeds/post-feed',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    timeoutSeconds: 30,
    memoryMb: 512,
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/feeds/{feedId}',
    handler: 'http/feeds/put-feed',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/feeds/{feedId}',
    handler: 'http/feeds/delete-feed',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    timeoutSeconds: 30,
    access: { table: 'write' },
  },
  // 'Check now': the check runs on the feeds queue, as a scheduled poll does.
  {
    method: 'POST',
    path: '/api/feeds/{feedId}/check',
    handler: 'http/feeds/post-feed-check',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', sendTo: ['feeds'] },
  },
  {
    method: 'PUT',
    path: '/api/feed-settings',
    handler: 'http/feeds/put-feed-settings',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/inbox',
    handler: 'http/feeds/get-inbox',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/inbox/{itemId}/dismiss',
    handler: 'http/feeds/post-inbox-dismiss',
    deploymentGroup: 'feeds',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  // Workspaces: team workspaces, their members and invitations (list, create and accept act for the caller alone).
  {
    method: 'GET',
    path: '/api/workspaces',
    handler: 'http/workspaces/list-workspaces',
    deploymentGroup: 'workspaces',
    auth: 'user',
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/workspaces',
    handler: 'http/workspaces/create-workspace',
    deploymentGroup: 'workspaces',
    auth: 'user',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/members',
    handler: 'http/workspaces/get-members',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceId}/invitations',
    handler: 'http/workspaces/invite-member',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'members',
    // The invitation goes out by email.
    access: { table: 'write', mail: true },
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{workspaceId}/invitations/{invitationId}',
    handler: 'http/workspaces/revoke-invitation',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/workspaces/{workspaceId}/members/{userId}',
    handler: 'http/workspaces/change-member-role',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{workspaceId}/members/{userId}',
    handler: 'http/workspaces/remove-member',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    // The removed member hears of it by email.
    access: { table: 'write', mail: true },
  },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceId}/transfer',
    handler: 'http/workspaces/transfer-ownership',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'billing',
    access: { table: 'write' },
  },
  // Approval: a team's settings, threads' reviews and comments, the activity log.
  {
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/settings',
    handler: 'http/workspaces/get-settings',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/workspaces/{workspaceId}/settings',
    handler: 'http/workspaces/put-settings',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/activity',
    handler: 'http/workspaces/get-activity',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/threads/{threadId}/review',
    handler: 'http/workspaces/get-review',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    // Someone else's thread id records a security event.
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/review',
    handler: 'http/workspaces/send-for-review',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'write',
    // The workspace's reviewers are told by email.
    access: { table: 'write', mail: true },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/review/approve',
    handler: 'http/workspaces/approve-thread',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'review',
    timeoutSeconds: 20,
    // Approving fires the thread's scheduled items that waited for it, as their schedule would; the
    // thread's writers are told by email.
    access: {
      table: 'write',
      sendTo: ['publishing'],
      tokenKey: true,
      platformClients: true,
      scheduler: true,
      mail: true,
    },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/review/request-changes',
    handler: 'http/workspaces/request-changes',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'review',
    // The thread's writers are told by email.
    access: { table: 'write', mail: true },
  },
  // Client review links: editors make and revoke them; a client opens one with no account.
  {
    method: 'POST',
    path: '/api/threads/{threadId}/review-links',
    handler: 'http/workspaces/create-review-link',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/threads/{threadId}/review-links',
    handler: 'http/workspaces/list-review-links',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'read',
    // Someone else's thread id records a security event.
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/threads/{threadId}/review-links/{linkId}',
    handler: 'http/workspaces/revoke-review-link',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/review/{token}',
    handler: 'http/public/get-client-review',
    deploymentGroup: 'workspaces',
    auth: 'public',
    // Each view counts against the link's and the address's hourly budget and is logged.
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/review/{token}/decision',
    handler: 'http/public/post-client-decision',
    deploymentGroup: 'workspaces',
    auth: 'public',
    timeoutSeconds: 20,
    // An approval fires the thread's scheduled items that waited for it; the editors are told by email.
    access: {
      table: 'write',
      sendTo: ['publishing'],
      tokenKey: true,
      platformClients: true,
      scheduler: true,
      mail: true,
    },
  },
  {
    method: 'POST',
    path: '/api/threads/{threadId}/comments',
    handler: 'http/workspaces/add-comment',
    deploymentGroup: 'workspaces',
    auth: 'user',
    workspace: 'comment',
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/invitations/accept',
    handler: 'http/workspaces/accept-invitation',
    deploymentGroup: 'workspaces',
    auth: 'user',
    // The workspace's managers hear of the new member by email.
    access: { table: 'write', mail: true },
  },
  // The caller's notifications (their own, whatever workspace each is about).
  {
    method: 'GET',
    path: '/api/notifications',
    handler: 'http/notifications/get-notifications',
    deploymentGroup: 'workspaces',
    auth: 'user',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    handler: 'http/notifications/post-notifications-read',
    deploymentGroup: 'workspaces',
    auth: 'user',
    access: { table: 'write' },
  },
  // Pictures: uploads through presigned POSTs into the caller's own prefix, checked and re-encoded on completion.
  {
    method: 'POST',
    path: '/api/media/uploads',
    handler: 'http/media/post-upload',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'write',
    access: { table: 'read', media: 'write' },
  },
  {
    method: 'POST',
    path: '/api/media/uploads/{uploadId}/complete',
    handler: 'http/media/post-upload-complete',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', media: 'write', imaging: 'decode' },
    // Decoding and re-encoding a 40-megapixel picture needs the CPU that comes with the memory.
    timeoutSeconds: 30,
    memoryMb: 1024,
  },
  {
    method: 'GET',
    path: '/api/media/{mediaId}',
    handler: 'http/media/get-media',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'read',
    access: { table: 'read', media: 'read' },
  },
  {
    method: 'DELETE',
    path: '/api/media/{mediaId}',
    handler: 'http/media/delete-media',
    deploymentGroup: 'media',
    auth: 'user',
    workspace: 'write',
    access: { table: 'write', media: 'write' },
  },
  // Admin routes write: every access check is recorded as a security event.
  {
    method: 'GET',
    path: '/api/admin/access',
    handler: 'http/admin/get-admin-access',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    handler: 'http/admin/get-admin-users',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/workspaces',
    handler: 'http/admin/get-admin-workspaces',
    // Added after the App stack was full: a new function needs a group, and this one reads workspaces.
    deploymentGroup: 'workspaces',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{userId}/role',
    handler: 'http/admin/put-user-role',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/statistics',
    handler: 'http/admin/get-admin-statistics',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/transactions',
    handler: 'http/admin/get-admin-transactions',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/threads',
    handler: 'http/admin/get-admin-threads',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/threads/{threadId}',
    handler: 'http/admin/get-admin-thread',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/orders',
    handler: 'http/admin/get-admin-orders',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/settings',
    handler: 'http/admin/get-admin-settings',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'PUT',
    path: '/api/admin/platforms/{platform}',
    handler: 'http/admin/put-platform-setting',
    auth: 'admin',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/admin/threads/{threadId}',
    handler: 'http/admin/delete-admin-thread',
    auth: 'admin',
    access: { table: 'write', scheduler: true },
  },
  {
    method: 'POST',
    path: '/api/admin/actions',
    handler: 'http/admin/post-admin-action',
    auth: 'admin',
    // Every admin's balance and ledger entry, one at a time.
    timeoutSeconds: 30,
    access: { table: 'write' },
  },
  {
    method: 'GET',
    path: '/api/admin/security-events',
    handler: 'http/admin/get-admin-security-events',
    auth: 'admin',
    access: { table: 'write' },
  },
  // The most specific route wins, so this only answers paths no other route matches.
  // API keys of the current workspace: managed by those who manage its members (shared/schemas/api-keys.ts).
  {
    method: 'GET',
    path: '/api/api-keys',
    handler: 'http/api-keys/get-api-keys',
    deploymentGroup: 'public-api',
    auth: 'user',
    workspace: 'members',
    access: { table: 'read' },
  },
  // Write: the key, and its creation in the security log.
  {
    method: 'POST',
    path: '/api/api-keys',
    handler: 'http/api-keys/post-api-key',
    deploymentGroup: 'public-api',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/api-keys/{keyId}',
    handler: 'http/api-keys/delete-api-key',
    deploymentGroup: 'public-api',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  // Webhook endpoints of the current workspace: managed by those who manage its members, as its API keys.
  {
    method: 'GET',
    path: '/api/webhooks',
    handler: 'http/webhooks/get-webhooks',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'read' },
  },
  // Seals the new secret with the token key; the creation goes in the security log.
  {
    method: 'POST',
    path: '/api/webhooks',
    handler: 'http/webhooks/post-webhook',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
  },
  {
    method: 'PATCH',
    path: '/api/webhooks/{endpointId}',
    handler: 'http/webhooks/patch-webhook',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'DELETE',
    path: '/api/webhooks/{endpointId}',
    handler: 'http/webhooks/delete-webhook',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write' },
  },
  {
    method: 'POST',
    path: '/api/webhooks/{endpointId}/rotate',
    handler: 'http/webhooks/post-webhook-rotate',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
  },
  // Signs and sends a webhook.test at once (one try within its 10-second budget) and logs it.
  {
    method: 'POST',
    path: '/api/webhooks/{endpointId}/test',
    handler: 'http/webhooks/post-webhook-test',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
    timeoutSeconds: 20,
  },
  {
    method: 'GET',
    path: '/api/webhooks/{endpointId}/deliveries',
    handler: 'http/webhooks/get-webhook-deliveries',
    deploymentGroup: 'webhooks',
    auth: 'user',
    workspace: 'members',
    access: { table: 'read' },
  },
  // The public API (/v1), behind the API key authorizer, each over the services of its /api twin: the
  // rights of that twin, plus table writes for every key's rate budget (and the reads' security events).
  v1Route({
    method: 'GET',
    path: '/v1/threads',
    handler: 'http/v1/get-threads',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: {
      query: listThreadsQuerySchema,
      status: 200,
      response: threadPageSchema,
      summary: "List the workspace's threads, one page at a time",
      description:
        'Pages of 15 threads as cards show them (no post text beyond a preview); pass `nextCursor` as `cursor` for the next page, with the same sort and order.',
    },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/threads',
    handler: 'http/v1/post-threads',
    apiScope: 'threads:write',
    access: { table: 'write', sendTo: ['generation'] },
    schemas: {
      headers: idempotencyHeadersSchema,
      body: createGenerationJobRequestSchema,
      status: 202,
      response: publicJobSchema,
    },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/jobs/{jobId}',
    handler: 'http/v1/get-job',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { params: generationJobParamsSchema, status: 200, response: publicJobSchema },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/threads/{threadId}',
    handler: 'http/v1/get-thread',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: {
      params: threadParamsSchema,
      status: 200,
      response: threadSchema,
      summary: 'Get one thread with its posts',
      errors: { 403: ['thread_access_denied'], 404: ['thread_not_found'] },
    },
  }),
  v1Route({
    method: 'PATCH',
    path: '/v1/threads/{threadId}',
    handler: 'http/v1/patch-thread',
    apiScope: 'threads:write',
    access: { table: 'write', media: 'write' },
    schemas: {
      params: threadParamsSchema,
      body: updateThreadRequestSchema,
      status: 200,
      response: threadSchema,
    },
  }),
  v1Route({
    method: 'DELETE',
    path: '/v1/threads/{threadId}',
    handler: 'http/v1/delete-thread',
    apiScope: 'threads:write',
    access: { table: 'write', scheduler: true },
    schemas: { params: threadParamsSchema, status: 204 },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/connections',
    handler: 'http/v1/get-connections',
    apiScope: 'read',
    access: { table: 'write', platformClients: true },
    schemas: { status: 200, response: connectionsResponseSchema },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/threads/{threadId}/publish',
    handler: 'http/v1/post-publish',
    apiScope: 'publish',
    timeoutSeconds: 20,
    access: { table: 'write', sendTo: ['publishing'], tokenKey: true, platformClients: true },
    schemas: {
      params: threadParamsSchema,
      body: publishRequestSchema,
      status: 202,
      response: publishStatusResponseSchema,
    },
  }),
  // Write: someone else's thread id records a security event.
  v1Route({
    method: 'GET',
    path: '/v1/threads/{threadId}/publishing',
    handler: 'http/v1/get-publishing',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { params: threadParamsSchema, status: 200, response: publishStatusResponseSchema },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/threads/{threadId}/schedule',
    handler: 'http/v1/post-schedule',
    apiScope: 'publish',
    access: { table: 'write', scheduler: true },
    schemas: {
      params: scheduleThreadParamsSchema,
      body: scheduleRequestSchema,
      status: 201,
      response: scheduledItemSchema,
    },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/scheduled',
    handler: 'http/v1/get-scheduled',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { query: scheduledListQuerySchema, status: 200, response: scheduledListResponseSchema },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/threads/{threadId}/performance',
    handler: 'http/v1/get-thread-performance',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { params: threadParamsSchema, status: 200, response: threadPerformanceSchema },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/insights',
    handler: 'http/v1/get-insights',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { query: insightsQuerySchema, status: 200, response: insightsResponseSchema },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/inbox',
    handler: 'http/v1/get-inbox',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { query: inboxQuerySchema, status: 200, response: inboxPageSchema },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/feeds',
    handler: 'http/v1/get-feeds',
    apiScope: 'read',
    access: { table: 'write' },
    schemas: { status: 200, response: feedListSchema },
  }),
  // The workspace's webhook endpoints through a key, over the operations of /api/webhooks: a key of
  // the scope named, whose creator may manage the workspace's members (as in the app).
  v1Route({
    method: 'GET',
    path: '/v1/webhooks',
    handler: 'http/v1/get-webhooks',
    apiScope: 'read',
    workspace: 'members',
    access: { table: 'write' },
    schemas: {
      status: 200,
      response: webhookEndpointsResponseSchema,
      summary: "List the workspace's webhook endpoints",
      description:
        "Never a secret. A key whose creator cannot manage the workspace's members (its owners and admins) is refused 403.",
    },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/webhooks',
    handler: 'http/v1/post-webhook',
    apiScope: 'threads:write',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
    schemas: {
      body: createWebhookBodySchema,
      status: 201,
      response: webhookSecretResponseSchema,
      summary: 'Subscribe an HTTPS endpoint to events',
      description:
        'The answer holds the signing secret (whsec_...), shown this once. The address is checked through the outbound guard (no private addresses).',
      errors: { 400: ['webhook_url_refused'] },
    },
  }),
  v1Route({
    method: 'PATCH',
    path: '/v1/webhooks/{endpointId}',
    handler: 'http/v1/patch-webhook',
    apiScope: 'threads:write',
    workspace: 'members',
    access: { table: 'write' },
    schemas: {
      params: webhookParamsSchema,
      body: updateWebhookBodySchema,
      status: 200,
      response: webhookUpdatedResponseSchema,
      summary: 'Change an endpoint: its URL, events, or enabled',
      errors: { 400: ['webhook_url_refused'], 404: ['webhook_endpoint_not_found'] },
    },
  }),
  v1Route({
    method: 'DELETE',
    path: '/v1/webhooks/{endpointId}',
    handler: 'http/v1/delete-webhook',
    apiScope: 'threads:write',
    workspace: 'members',
    access: { table: 'write' },
    schemas: {
      params: webhookParamsSchema,
      status: 204,
      summary: 'Delete an endpoint',
      errors: { 404: ['webhook_endpoint_not_found'] },
    },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/webhooks/{endpointId}/rotate',
    handler: 'http/v1/post-webhook-rotate',
    apiScope: 'threads:write',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
    schemas: {
      params: webhookParamsSchema,
      status: 200,
      response: webhookSecretResponseSchema,
      summary: "Rotate an endpoint's signing secret",
      description:
        'The new secret is shown this once; the previous one keeps signing beside it until `previousSecretUntil`.',
      errors: { 404: ['webhook_endpoint_not_found'] },
    },
  }),
  v1Route({
    method: 'POST',
    path: '/v1/webhooks/{endpointId}/test',
    handler: 'http/v1/post-webhook-test',
    apiScope: 'threads:write',
    workspace: 'members',
    access: { table: 'write', tokenKey: true },
    timeoutSeconds: 20,
    schemas: {
      params: webhookParamsSchema,
      status: 200,
      response: webhookTestResponseSchema,
      summary: 'Send a signed webhook.test event now',
      description: "One try, enabled or not; the answer is the receiver's answer, also in the delivery log.",
      errors: { 404: ['webhook_endpoint_not_found'] },
    },
  }),
  v1Route({
    method: 'GET',
    path: '/v1/webhooks/{endpointId}/deliveries',
    handler: 'http/v1/get-webhook-deliveries',
    apiScope: 'read',
    workspace: 'members',
    access: { table: 'write' },
    schemas: {
      params: webhookParamsSchema,
      status: 200,
      response: webhookDeliveriesResponseSchema,
      summary: "An endpoint's last delivery tries, newest first, with the answers",
      errors: { 404: ['webhook_endpoint_not_found'] },
    },
  }),
  // The OpenAPI document itself: public (no key), cacheable, generated from the schemas above.
  {
    method: 'GET',
    path: '/v1/openapi.json',
    handler: 'http/v1/get-openapi',
    deploymentGroup: 'public-api',
    auth: 'public',
    access: {},
    schemas: { status: 200, response: openApiDocumentSchema, summary: "The public API's OpenAPI 3.1 document" },
  },
  // The MCP server (streamable HTTP, stateless): assistants call the /v1 operations as tools with an
  // API key. No gateway authorizer: the handler verifies the key itself (the authorizer's own check)
  // to answer a refusal with the bearer challenge MCP clients read, and checks each tool's scope and
  // role as its /v1 route does; the rights are those of the /v1 routes its tools call.
  {
    method: 'ANY',
    path: '/mcp',
    handler: 'http/mcp/mcp',
    deploymentGroup: 'public-api',
    auth: 'public',
    timeoutSeconds: 20,
    access: {
      table: 'write',
      sendTo: ['generation', 'publishing'],
      tokenKey: true,
      platformClients: true,
      scheduler: true,
      media: 'write',
    },
  },
  { method: 'ANY', path: '/api/{proxy+}', handler: 'http/system/not-found', auth: 'public', access: {} },
];

export const queues: QueueEntry[] = [
  {
    name: 'generation',
    handler: 'queue/generation-worker',
    // A new thread is announced on the bus (ThreadCreated).
    access: { table: 'write', secrets: ['OPENAI_API_KEY'], putEvents: true },
    timeoutSeconds: 90,
    memoryMb: 1536,
    batchSize: 1,
    maxReceiveCount: 3,
    concurrency: 5,
  },
  {
    name: 'publishing',
    handler: 'queue/publishing-worker',
    // Sends to its own queue: a rate-limited or interrupted thread is re-queued with a delay; a
    // completed run of a public thread queues its Webmention. Refreshing an expiring OAuth token needs
    // the platform's app credentials. A completed run is announced on the bus (ThreadPublished).
    access: {
      table: 'write',
      sendTo: ['publishing', 'webmention'],
      tokenKey: true,
      platformClients: true,
      putEvents: true,
      // Posts' pictures are fitted to each platform (a fitted copy stored for platforms that fetch by URL).
      media: 'write',
      // A thread that fails to publish is told by email to those who can publish in its workspace.
      mail: true,
      imaging: 'decode',
    },
    timeoutSeconds: 60,
    memoryMb: 512,
    // One platform's thread per invocation, so the per-message delays keep their stagger.
    batchSize: 1,
    maxReceiveCount: 3,
    concurrency: 5,
  },
  {
    name: 'webmention',
    handler: 'queue/webmention-worker',
    deploymentGroup: 'public-pages',
    // Retries go back on its own queue with a delay (a 5xx or no answer from the author's site).
    access: { table: 'write', sendTo: ['webmention'] },
    // Discovery and the POST: two requests of at most 10 s each, a few redirects.
    timeoutSeconds: 60,
    memoryMb: 256,
    batchSize: 1,
    maxReceiveCount: 3,
    concurrency: 2,
  },
  {
    name: 'feeds',
    handler: 'queue/feed-worker',
    deploymentGroup: 'feeds',
    // Auto-draft submits generation jobs as the API does, each announced on the bus (FeedItemDrafted).
    access: { table: 'write', sendTo: ['generation'], putEvents: true },
    // Ten feeds a batch, one after another, each within its 10-second fetch budget plus its writes.
    timeoutSeconds: 150,
    memoryMb: 512,
    batchSize: 10,
    maxReceiveCount: 3,
    concurrency: 5,
  },
  {
    name: 'webhooks',
    handler: 'queue/webhook-worker',
    deploymentGroup: 'webhooks',
    queueInGroupStack: true,
    // Every application event a webhook may be subscribed to (services/webhooks/delivery.ts WEBHOOK_TYPE_OF).
    fromEvents: [
      'ThreadCreated',
      'ThreadPublished',
      'ThreadPublishFailed',
      'ScheduleFired',
      'InsightsReading',
      'FeedItemDrafted',
    ],
    // Reads the endpoints, opens their secrets (the token key), logs each try; retries go back on its
    // own queue with a delay; an endpoint disabled after its last try is told in the app and by mail.
    access: { table: 'write', sendTo: ['webhooks'], tokenKey: true, mail: true },
    // One event (or one retry) per invocation: its at most 20 endpoints called side by side, each
    // within its 10-second budget, well inside the timeout whatever the receivers do.
    timeoutSeconds: 60,
    memoryMb: 256,
    batchSize: 1,
    maxReceiveCount: 5,
    concurrency: 5,
  },
];

export const schedules: ScheduleEntry[] = [
  {
    name: 'refresh-free-credits',
    handler: 'schedule/refresh-free-credits',
    cron: 'cron(0 0 * * ? *)',
    access: { table: 'write' },
  },
  {
    name: 'refresh-platform-tokens',
    handler: 'schedule/refresh-platform-tokens',
    deploymentGroup: 'connections',
    cron: 'cron(30 3 * * ? *)',
    // Opens and reseals the stored tokens, and calls the platform's refresh with the app's client.
    access: { table: 'write', tokenKey: true, platformClients: true },
  },
  // Every 30 minutes: one feeds-queue message per due feed (failing feeds are due once a day).
  {
    name: 'poll-feeds',
    handler: 'schedule/fan-out-feed-polls',
    deploymentGroup: 'feeds',
    cron: 'rate(30 minutes)',
    access: { table: 'read', sendTo: ['feeds'] },
    timeoutSeconds: 120,
    memoryMb: 512,
  },
];

/** What every scheduled item's one-time schedule invokes at its time. */
export const schedulerTarget: SchedulerTargetEntry = {
  name: 'scheduled-items',
  arnEnv: 'SCHEDULER_TARGET_ARN',
  handler: 'schedule/fire-scheduled-item',
  // Queues one publishing run per platform; an expiring OAuth token is refreshed first. An item waiting
  // for approval schedules this very function again at the end of its grace window. A fired item is
  // announced on the bus (ScheduleFired).
  access: {
    table: 'write',
    sendTo: ['publishing'],
    tokenKey: true,
    platformClients: true,
    scheduler: true,
    putEvents: true,
  },
  timeoutSeconds: 30,
  memoryMb: 512,
};

/**
 * What each engagement reading's one-time schedule (1 h, 24 h, 7 d after a run completed) invokes:
 * reads the run's posts back from the platform and stores the figures once. A rate-limited read
 * fails the invocation, and the schedule's bounded retry policy delivers it again a little later.
 */
export const readingTarget: SchedulerTargetEntry = {
  name: 'engagement-readings',
  arnEnv: 'READING_TARGET_ARN',
  handler: 'schedule/take-engagement-reading',
  deploymentGroup: 'insights',
  // An expiring OAuth token is refreshed first (app credentials); a 401 marks the connection. A stored
  // reading is announced on the bus (InsightsReading).
  access: { table: 'write', tokenKey: true, platformClients: true, putEvents: true },
  timeoutSeconds: 60,
  memoryMb: 512,
};

/**
 * What each plug check's one-time schedule invokes (every 15 minutes for 6 hours after a run
 * completed, then hourly to 48 hours): reads the first post's likes and reposts, replies once with
 * the source link when they pass the thread's threshold, else schedules the next check. It schedules
 * its own successor, so it learns its own ARN from its invocation rather than from its environment
 * (a function naming itself there would be a circular reference).
 */
export const plugTarget: SchedulerTargetEntry = {
  name: 'plug-checks',
  arnEnv: 'PLUG_TARGET_ARN',
  handler: 'schedule/check-plug',
  deploymentGroup: 'insights',
  // Reads and replies with the connection (an expiring OAuth token refreshed first); schedules the next check.
  access: { table: 'write', tokenKey: true, platformClients: true, scheduler: true },
  timeoutSeconds: 60,
  memoryMb: 512,
};

export const schedulerTargets: SchedulerTargetEntry[] = [schedulerTarget, readingTarget, plugTarget];

/** The application's events, put on its EventBridge bus. */
export const APP_EVENT_SOURCE = 'threadsnip.publishing';
export type AppEventType =
  | 'ThreadPublished'
  | 'ThreadCreated'
  | 'ThreadPublishFailed'
  | 'ScheduleFired'
  | 'InsightsReading'
  | 'FeedItemDrafted';

/**
 * A rule on the application's EventBridge bus: the events matching `detailTypes` (from
 * APP_EVENT_SOURCE) invoke `handler` with the EventBridge event; locally the local bus delivers them
 * the same way.
 */
export interface EventRuleEntry {
  name: string;
  detailTypes: AppEventType[];
  handler: string;
  access: Access;
  timeoutSeconds: number;
  memoryMb: number;
  /** The nested stack its function deploys in (see DeploymentGroup); absent only for the first-deployed ones. */
  deploymentGroup?: DeploymentGroup;
}

export const eventRules: EventRuleEntry[] = [
  {
    name: 'plan-engagement-readings',
    detailTypes: ['ThreadPublished'],
    handler: 'event/plan-engagement-readings',
    deploymentGroup: 'insights',
    // Creates the run's three one-time reading schedules.
    access: { scheduler: true },
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  {
    name: 'arm-plug',
    detailTypes: ['ThreadPublished'],
    handler: 'event/arm-plug',
    deploymentGroup: 'insights',
    // Reads the thread's plug choice and the connection, stores the armed plug, schedules its first check.
    access: { table: 'write', scheduler: true },
    timeoutSeconds: 15,
    memoryMb: 256,
  },
];

/**
 * The Lambda authorizer of the `api-key` routes (API Gateway HTTP API, REQUEST type, simple
 * responses). The gateway caches its answer per Authorization header and source address for
 * `resultCacheSeconds`: a revoked key may be accepted for that long through a cached answer (the
 * documented revocation window), never after. Locally the bridge runs it before every /v1 handler, uncached.
 */
export interface AuthorizerEntry {
  handler: string;
  access: Access;
  timeoutSeconds: number;
  memoryMb: number;
  resultCacheSeconds: number;
  deploymentGroup?: DeploymentGroup;
}

export const apiKeyAuthorizer: AuthorizerEntry = {
  handler: 'auth/api-key-authorizer',
  deploymentGroup: 'public-api',
  // Write: a key's last use (at most once a minute) and a new address's security event.
  access: { table: 'write' },
  timeoutSeconds: 5,
  memoryMb: 256,
  resultCacheSeconds: 60,
};

/** Cognito triggers: post-confirmation creates the account records and grants the admin role. */
export const authTriggers = {
  postConfirmation: 'auth/post-confirmation',
} as const;

/** What the Cognito triggers touch (granted like the entries above). */
export const authTriggerAccess: Record<(typeof authTriggers)[keyof typeof authTriggers], Access> = {
  'auth/post-confirmation': { table: 'write', cognito: ['AdminAddUserToGroup'] },
};

/** The routes the cloud serves: the local test checkout is never deployed. */
export const cloudRoutes: RouteEntry[] = routes.filter((route) => !route.localOnly);

/** Every handler module the cloud deploys, once each: routes, queue workers, schedules, scheduler targets, event rules, auth triggers. */
export const deployedHandlers: string[] = [
  ...new Set([
    ...cloudRoutes.map((route) => route.handler),
    ...queues.map((queue) => queue.handler),
    ...schedules.map((schedule) => schedule.handler),
    ...schedulerTargets.map((target) => target.handler),
    ...eventRules.map((rule) => rule.handler),
    ...Object.values(authTriggers),
    apiKeyAuthorizer.handler,
  ]),
];

/**
 * Webhook deliveries: an application event from the bus is fanned out to the workspace's enabled
 * endpoints subscribed to its type; each try is signed, sent through the outbound guard (no redirect
 * followed: a redirect is a failed try), logged, and on a failure that may pass (no answer, a
 * timeout, 3xx, 408, 429, 5xx) tried again on the retry schedule through the webhooks queue (in steps
 * of at most 15 minutes). After the last try the endpoint is disabled and the workspace's managers
 * are told. Every try of one event to one endpoint carries the same `webhook-id`.
 */
import * as z from 'zod';
import { webhookMessages } from '#shared/messages/webhooks';
import {
  WEBHOOK_DELIVERY_KEPT_DAYS,
  WEBHOOK_MANAGE_PERMISSION,
  type WebhookDelivery,
  type WebhookEventType,
  webhookEventTypeSchema,
} from '#shared/schemas/webhooks';
import { isRetryableFailure, nextStepDelaySeconds, retryDelaySeconds } from '#shared/webhooks/retry-schedule';
import { recordSecurityEvent } from '../../data/security-event-repository';
import {
  getWebhookEndpoint,
  listWebhookEndpoints,
  putWebhookDeliveries,
  putWebhookDelivery,
  updateWebhookEndpoint,
  type WebhookEndpointRecord,
} from '../../data/webhook-repository';
import { sendToQueue } from '../../lib/aws/sqs';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { guardedFetch } from '../../lib/outbound/guarded-fetch';
import type { AppEventType } from '../../manifest';
import { notifyWorkspace } from '../notifications/notify';
import { signingSecrets } from './secrets';
import { payloadBody, signedHeaders, type WebhookPayload, webhookMessageId } from './signing';

/** The webhook event each application event is delivered as. */
export const WEBHOOK_TYPE_OF: Record<AppEventType, WebhookEventType> = {
  ThreadCreated: 'thread.created',
  ThreadPublished: 'thread.published',
  ThreadPublishFailed: 'thread.publish_failed',
  ScheduleFired: 'schedule.fired',
  InsightsReading: 'insights.reading',
  FeedItemDrafted: 'feed.item_drafted',
};

/** How much of an answer the log keeps. */
const EXCERPT_CHARS = 200;
const EXCERPT_BYTES = 1024;
/** Endpoints called at once while fanning out one event. */
const FAN_OUT_PARALLEL = 16;
const DELIVERY_KEPT_SECONDS = WEBHOOK_DELIVERY_KEPT_DAYS * 86_400;

/** An event as the bus's rule puts it on the queue (the EventBridge envelope). */
const busEventSchema = z.object({
  id: z.string().min(1),
  'detail-type': z.string(),
  time: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** A try to come, re-queued (in steps when its wait is longer than SQS's 15 minutes). */
const retryMessageSchema = z.object({
  kind: z.literal('webhook-retry'),
  eventId: z.string(),
  workspaceId: z.string(),
  endpointId: z.string(),
  attempt: z.number().int().min(2),
  dueAt: z.string(),
  payload: z.object({ type: webhookEventTypeSchema, timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
});

export const webhookQueueMessageSchema = z.union([retryMessageSchema, busEventSchema]);
export type WebhookQueueMessage = z.infer<typeof webhookQueueMessageSchema>;

/** The workspace an event belongs to (events name it; ThreadPublished's owner id is the workspace's). */
function workspaceOf(detail: Record<string, unknown>): string | null {
  const id = detail.workspaceId ?? detail.userId;
  return typeof id === 'string' && id ? id : null;
}

/** The log line of what went wrong when no answer came. */
function failureExcerpt(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, EXCERPT_CHARS);
}

/** One signed try of `payload` to the endpoint, not yet logged; never throws for the receiver's failures. */
async function sendOnce(
  endpoint: WebhookEndpointRecord,
  payload: WebhookPayload,
  eventId: string,
  attempt: number,
  now: Date,
): Promise<WebhookDelivery> {
  const webhookId = webhookMessageId(eventId, endpoint.endpointId);
  const body = payloadBody(payload);
  const headers = signedHeaders(webhookId, body, await signingSecrets(endpoint, now), now);
  const started = Date.now();
  let status: number | null = null;
  let excerpt: string;
  try {
    const answer = await guardedFetch(endpoint.url, {
      allowPrivateHosts: config().allowPrivateFetchHosts,
      timeoutMs: config().webhooks.timeoutMs,
      redirects: 'manual',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ThreadSnip-Webhooks/1.0', ...headers },
      body,
    });
    status = answer.status;
    if (status >= 300 && status < 400) {
      await answer.discard();
      excerpt = `redirect to ${answer.headers.get('location') ?? '(no location)'} not followed`.slice(0, EXCERPT_CHARS);
    } else {
      const { bytes } = await answer.read(EXCERPT_BYTES);
      excerpt = new TextDecoder().decode(bytes).replace(/\s+/g, ' ').trim().slice(0, EXCERPT_CHARS);
    }
  } catch (error) {
    status = null;
    excerpt = failureExcerpt(error);
  }
  const delivery: WebhookDelivery = {
    webhookId,
    eventType: payload.type,
    attempt,
    status,
    ok: status !== null && status >= 200 && status < 300,
    excerpt,
    durationMs: Date.now() - started,
    at: now.toISOString(),
  };
  countBy(delivery.ok ? 'WebhookDelivered' : 'WebhookDeliveryFailed', { event: payload.type });
  return delivery;
}

/** One signed try of `payload` to the endpoint, logged; never throws for the receiver's failures. */
export async function deliverOnce(
  endpoint: WebhookEndpointRecord,
  payload: WebhookPayload,
  eventId: string,
  attempt: number,
  now: Date,
): Promise<WebhookDelivery> {
  const delivery = await sendOnce(endpoint, payload, eventId, attempt, now);
  await putWebhookDelivery(endpoint.workspaceId, endpoint.endpointId, delivery, DELIVERY_KEPT_SECONDS);
  return delivery;
}

/** Disables an endpoint whose last try failed and tells those who manage it (once: the first to disable it). */
async function disableFailing(endpoint: WebhookEndpointRecord, now: Date): Promise<void> {
  const disabled = await updateWebhookEndpoint(
    endpoint.workspaceId,
    endpoint.endpointId,
    { enabled: false, disabledReason: 'failing' },
    { onlyIfEnabled: true },
  );
  if (!disabled) return;
  countBy('WebhookEndpointDisabled', {});
  await recordSecurityEvent(
    endpoint.createdBy,
    'webhook_disabled',
    { endpointId: endpoint.endpointId, workspaceId: endpoint.workspaceId, url: endpoint.url, reason: 'failing' },
    now,
  );
  await notifyWorkspace(
    endpoint.workspaceId,
    WEBHOOK_MANAGE_PERMISSION,
    {
      kind: 'webhook_disabled',
      text: webhookMessages.disabledNotice(endpoint.url),
      subject: webhookMessages.disabledSubject,
      link: '/settings',
    },
    now,
  );
}

/** After a logged try: a failure that may pass is queued for the next try, the last one disables the endpoint. */
async function followUp(
  endpoint: WebhookEndpointRecord,
  delivery: WebhookDelivery,
  payload: WebhookPayload & { type: WebhookEventType },
  eventId: string,
  attempt: number,
  now: Date,
): Promise<void> {
  if (delivery.ok || !isRetryableFailure(delivery.status)) return;
  const delay = retryDelaySeconds(attempt, config().webhooks.retryScale);
  if (delay === null) {
    await disableFailing(endpoint, now);
    return;
  }
  const dueAt = new Date(now.getTime() + delay * 1000);
  await sendToQueue(
    'webhooks',
    {
      kind: 'webhook-retry',
      eventId,
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.endpointId,
      attempt: attempt + 1,
      dueAt: dueAt.toISOString(),
      payload,
    } satisfies z.infer<typeof retryMessageSchema>,
    nextStepDelaySeconds(dueAt, now),
  );
}

/** Runs runner over every item, at most `parallel` at once (a slow one holds up no other). */
async function inPool<T>(items: T[], parallel: number, runner: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await runner(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
}

/**
 * Tries `attempt` of one event to these endpoints, FAN_OUT_PARALLEL at once; logs every try (25 a
 * batch write), then queues the retries and disables the endpoints whose last try failed.
 */
async function fanOut(
  endpoints: WebhookEndpointRecord[],
  payload: WebhookPayload & { type: WebhookEventType },
  eventId: string,
  attempt: number,
  now: Date,
): Promise<void> {
  const tries: Array<{ endpoint: WebhookEndpointRecord; delivery: WebhookDelivery }> = [];
  await inPool(endpoints, FAN_OUT_PARALLEL, async (endpoint) => {
    tries.push({ endpoint, delivery: await sendOnce(endpoint, payload, eventId, attempt, now) });
  });
  await putWebhookDeliveries(
    tries.map(({ endpoint, delivery }) => ({
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.endpointId,
      delivery,
    })),
    DELIVERY_KEPT_SECONDS,
  );
  const failed = tries.filter(({ delivery }) => !delivery.ok);
  await inPool(failed, FAN_OUT_PARALLEL, ({ endpoint, delivery }) =>
    followUp(endpoint, delivery, payload, eventId, attempt, now),
  );
}

/** Handles one message of the webhooks queue: an event to fan out, or a try that came due (or its next step). */
export async function handleWebhookMessage(message: WebhookQueueMessage, now = new Date()): Promise<void> {
  if ('kind' in message) {
    const dueAt = new Date(message.dueAt);
    const wait = nextStepDelaySeconds(dueAt, now);
    if (wait > 0) {
      await sendToQueue('webhooks', message, wait);
      return;
    }
    const endpoint = await getWebhookEndpoint(message.workspaceId, message.endpointId);
    // Deleted or disabled since: the try is dropped (enabling it again starts with the next event).
    if (!endpoint?.enabled) return;
    await fanOut([endpoint], message.payload, message.eventId, message.attempt, now);
    return;
  }
  const type = WEBHOOK_TYPE_OF[message['detail-type'] as AppEventType];
  const workspaceId = workspaceOf(message.detail);
  if (!type || !workspaceId) {
    logger.warn('webhook event without a type or workspace dropped', { detailType: message['detail-type'] });
    return;
  }
  const endpoints = (await listWebhookEndpoints(workspaceId)).filter(
    (endpoint) => endpoint.enabled && endpoint.events.includes(type),
  );
  const { userId: _owner, ...data } = message.detail;
  const payload = { type, timestamp: message.time, data: { ...data, workspaceId } };
  await fanOut(endpoints, payload, message.id, 1, now);
}

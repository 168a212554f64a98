import * as z from 'zod';
import type { WorkspacePermission } from '../workspaces/roles';

/** The events a workspace's endpoints may subscribe to (`webhook.test` is sent on demand, to one endpoint). */
export const WEBHOOK_EVENT_TYPES = [
  'thread.created',
  'thread.published',
  'thread.publish_failed',
  'schedule.fired',
  'insights.reading',
  'feed.item_drafted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type DeliveredEventType = WebhookEventType | 'webhook.test';

/** Managing a workspace's endpoints: the same right as its API keys (`members`). */
export const WEBHOOK_MANAGE_PERMISSION: WorkspacePermission = 'members';

/** Every secret starts so (the Standard Webhooks form: base64 of 32 random bytes after it). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How long the previous secret still signs after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** Endpoints per workspace. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Deliveries kept per endpoint in the log (and for how long). */
export const WEBHOOK_DELIVERIES_SHOWN = 20;
export const WEBHOOK_DELIVERY_KEPT_DAYS = 7;

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Each event once');

/** POST /api/webhooks: where to call and for which events. */
export const createWebhookBodySchema = z.object({
  url: z.string().trim().min(1).max(2000),
  events: eventsSchema,
  description: z.string().trim().max(100).optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/{endpointId}: any of the events, enabled, or the URL. */
export const updateWebhookBodySchema = z
  .object({
    url: z.string().trim().min(1).max(2000).optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookParamsSchema = z.object({ endpointId: z.string().regex(/^wh_[A-Za-z0-9_-]{1,40}$/) });

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is disabled when it was by failures ('failing'), or by a person ('manual'). */
  disabledReason: z.enum(['failing', 'manual']).nullable(),
  createdAt: z.string(),
  /** While a rotated-out secret still signs: until when. */
  previousSecretUntil: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
/** Creation and rotation: the endpoint and, this once, its (new) secret. */
export const webhookSecretResponseSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

/** One delivery attempt as the log shows it. */
export const webhookDeliverySchema = z.object({
  webhookId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  /** The answer's status; null when none came (timeout, refused connection, blocked address). */
  status: z.number().int().nullable(),
  ok: z.boolean(),
  /** The first characters of the answer, or what went wrong. */
  excerpt: z.string(),
  durationMs: z.number().int(),
  at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookTestResponseSchema = z.object({ delivery: webhookDeliverySchema });
/** PATCH /api/webhooks/{endpointId}: the endpoint as changed. */
export const webhookUpdatedResponseSchema = z.object({ endpoint: webhookEndpointSchema });

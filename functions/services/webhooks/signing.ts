/**
 * What a webhook delivery sends: the JSON body `{ type, timestamp, data }` and the Standard Webhooks
 * headers. `webhook-id` is derived from the event and the endpoint, so every try (and any redelivery)
 * of one event to one endpoint carries the same id, which receivers dedupe on; `webhook-signature`
 * holds one `v1,<base64>` per live secret (two during a rotation's overlap), space-separated.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { type DeliveredEventType, WEBHOOK_SECRET_PREFIX } from '#shared/schemas/webhooks';

export interface WebhookPayload {
  type: DeliveredEventType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** A new secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The id of one event's delivery to one endpoint: the same on every try. */
export function webhookMessageId(eventId: string, endpointId: string): string {
  return `msg_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url').slice(0, 32)}`;
}

/** The body, its bytes fixed once so the signature covers exactly what is sent. */
export function payloadBody(payload: WebhookPayload): string {
  return JSON.stringify({ type: payload.type, timestamp: payload.timestamp, data: payload.data });
}

/** The Standard Webhooks headers of `body`, signed with every secret given (at least one). */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: string[],
  sentAt: Date,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  if (secrets.length === 0) throw new Error('A webhook needs a secret to be signed');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
  };
}

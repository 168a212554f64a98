import { queueHandler } from '../lib/queue-handler';
import { handleWebhookMessage, webhookQueueMessageSchema } from '../services/webhooks/delivery';

/** Webhooks queue worker: an application event fanned out to its endpoints, or a retry come due. */
export const handler = queueHandler('webhooks', webhookQueueMessageSchema, (message) => handleWebhookMessage(message));

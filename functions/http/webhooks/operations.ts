/**
 * The body of each webhook endpoint operation, shared by its two routes: the app's (/api/webhooks,
 * a signed-in member) and the public API's (/v1/webhooks, a key acting as its creator). Both check
 * WEBHOOK_MANAGE_PERMISSION in the workspace before the body runs.
 */
import type { CreateWebhookBody, UpdateWebhookBody } from '#shared/schemas/webhooks';
import type { HttpResult } from '../../lib/http-handler';
import {
  createWebhookEndpoint,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookRequest,
} from '../../services/webhooks/endpoints';

interface OperationInput {
  caller: { userId: string };
  workspace: { workspaceId: string };
}
type WithEndpoint = OperationInput & { params: { endpointId: string } };

const requestOf = ({ caller, workspace }: OperationInput): WebhookRequest => ({
  userId: caller.userId,
  workspaceId: workspace.workspaceId,
  now: new Date(),
});

/** The workspace's endpoints (never a secret). */
export const listWebhooksOperation = async (input: OperationInput): Promise<HttpResult> => ({
  status: 200,
  body: { endpoints: await listWebhooks(requestOf(input)) },
});
/** A new endpoint; the answer holds its secret, this once. */
export const createWebhookOperation = async (
  input: OperationInput & { body: CreateWebhookBody },
): Promise<HttpResult> => ({
  status: 201,
  body: await createWebhookEndpoint(requestOf(input), input.body),
});
/** Its URL, events, or enabled. */
export const updateWebhookOperation = async (
  input: WithEndpoint & { body: UpdateWebhookBody },
): Promise<HttpResult> => ({
  status: 200,
  body: { endpoint: await updateWebhook(requestOf(input), input.params.endpointId, input.body) },
});
/** No more deliveries to it (tries under way are dropped). */
export const removeWebhookOperation = async (input: WithEndpoint): Promise<HttpResult> => {
  await deleteWebhook(requestOf(input), input.params.endpointId);
  return { status: 204 };
};
/** A new secret, shown once; the old one signs too during the overlap. */
export const rotateWebhookOperation = async (input: WithEndpoint): Promise<HttpResult> => ({
  status: 200,
  body: await rotateWebhookSecret(requestOf(input), input.params.endpointId),
});
/** Sends a signed webhook.test now; answers with the receiver's answer. */
export const testWebhookOperation = async (input: WithEndpoint): Promise<HttpResult> => ({
  status: 200,
  body: { delivery: await sendTestEvent(requestOf(input), input.params.endpointId) },
});
/** Its last tries, newest first, with the answers. */
export const webhookDeliveriesOperation = async (input: WithEndpoint): Promise<HttpResult> => ({
  status: 200,
  body: { deliveries: await listDeliveries(requestOf(input), input.params.endpointId) },
});

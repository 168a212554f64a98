/**
 * A workspace's webhook endpoints: added (the secret returned once), listed, changed, rotated,
 * deleted, tested. The routes check the caller may manage them (WEBHOOK_MANAGE_PERMISSION); an
 * endpoint of another workspace is not found.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { webhookMessages } from '#shared/messages/webhooks';
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '#shared/schemas/webhooks';
import { recordSecurityEvent } from '../../data/security-event-repository';
import {
  deleteWebhookEndpoint as deleteStoredEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  putWebhookEndpoint,
  updateWebhookEndpoint,
  type WebhookEndpointRecord,
} from '../../data/webhook-repository';
import { config } from '../../lib/config';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { deliverOnce } from './delivery';
import { checkEndpointUrl } from './endpoint-url';
import { sealWebhookSecret } from './secrets';
import { newWebhookSecret } from './signing';

export interface WebhookRequest {
  userId: string;
  workspaceId: string;
  now: Date;
}

function listed(endpoint: WebhookEndpointRecord, now: Date): WebhookEndpoint {
  const overlapping = endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > now.getTime();
  return {
    id: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.enabled ? null : endpoint.disabledReason,
    createdAt: endpoint.createdAt,
    previousSecretUntil: overlapping ? endpoint.previousSecretUntil : null,
  };
}

async function endpointOf(request: WebhookRequest, endpointId: string): Promise<WebhookEndpointRecord> {
  const endpoint = await getWebhookEndpoint(request.workspaceId, endpointId);
  if (!endpoint) throw new NotFoundError(webhookMessages.notFound, 'webhook_endpoint_not_found');
  return endpoint;
}

export async function createWebhookEndpoint(
  request: WebhookRequest,
  body: CreateWebhookBody,
): Promise<WebhookSecretResponse> {
  const url = await checkEndpointUrl(body.url);
  if ((await listWebhookEndpoints(request.workspaceId)).length >= WEBHOOK_ENDPOINTS_MAX)
    throw new ConflictError(`At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints per workspace.`);
  const endpointId = `wh_${randomBytes(12).toString('base64url')}`;
  const secret = newWebhookSecret();
  const record: WebhookEndpointRecord = {
    endpointId,
    workspaceId: request.workspaceId,
    url: url.href,
    description: body.description || null,
    events: body.events,
    enabled: true,
    disabledReason: null,
    createdAt: request.now.toISOString(),
    createdBy: request.userId,
    sealedSecret: await sealWebhookSecret(secret, request.workspaceId, endpointId),
    sealedPreviousSecret: null,
    previousSecretUntil: null,
  };
  await putWebhookEndpoint(record);
  await recordSecurityEvent(
    request.userId,
    'webhook_created',
    { endpointId, workspaceId: request.workspaceId, url: record.url, events: record.events },
    request.now,
  );
  return { endpoint: listed(record, request.now), secret };
}

export async function listWebhooks(request: WebhookRequest): Promise<WebhookEndpoint[]> {
  return (await listWebhookEndpoints(request.workspaceId)).map((endpoint) => listed(endpoint, request.now));
}

export async function updateWebhook(
  request: WebhookRequest,
  endpointId: string,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  const endpoint = await endpointOf(request, endpointId);
  const url = body.url === undefined ? undefined : (await checkEndpointUrl(body.url)).href;
  const change = {
    url,
    events: body.events,
    enabled: body.enabled,
    ...(body.enabled === undefined ? {} : { disabledReason: body.enabled ? null : ('manual' as const) }),
  };
  if (!(await updateWebhookEndpoint(request.workspaceId, endpointId, change)))
    throw new NotFoundError(webhookMessages.notFound, 'webhook_endpoint_not_found');
  return listed(
    { ...endpoint, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) },
    request.now,
  );
}

/** A new secret; the current one keeps signing (beside it) for the configured overlap. */
export async function rotateWebhookSecret(request: WebhookRequest, endpointId: string): Promise<WebhookSecretResponse> {
  const endpoint = await endpointOf(request, endpointId);
  const secret = newWebhookSecret();
  const previousSecretUntil = new Date(
    request.now.getTime() + config().webhooks.rotationOverlapSeconds * 1000,
  ).toISOString();
  const change = {
    sealedSecret: await sealWebhookSecret(secret, request.workspaceId, endpointId),
    sealedPreviousSecret: endpoint.sealedSecret,
    previousSecretUntil,
  };
  if (!(await updateWebhookEndpoint(request.workspaceId, endpointId, change)))
    throw new NotFoundError(webhookMessages.notFound, 'webhook_endpoint_not_found');
  await recordSecurityEvent(
    request.userId,
    'webhook_secret_rotated',
    { endpointId, workspaceId: request.workspaceId, previousSecretUntil },
    request.now,
  );
  return { endpoint: listed({ ...endpoint, ...change }, request.now), secret };
}

export async function deleteWebhook(request: WebhookRequest, endpointId: string): Promise<void> {
  const endpoint = await endpointOf(request, endpointId);
  if (!(await deleteStoredEndpoint(request.workspaceId, endpointId)))
    throw new NotFoundError(webhookMessages.notFound, 'webhook_endpoint_not_found');
  await recordSecurityEvent(
    request.userId,
    'webhook_deleted',
    { endpointId, workspaceId: request.workspaceId, url: endpoint.url },
    request.now,
  );
}

export async function listDeliveries(request: WebhookRequest, endpointId: string): Promise<WebhookDelivery[]> {
  await endpointOf(request, endpointId);
  return listWebhookDeliveries(request.workspaceId, endpointId, WEBHOOK_DELIVERIES_SHOWN);
}

/** Sends a `webhook.test` event to the endpoint at once (enabled or not), once: its answer is the result. */
export async function sendTestEvent(request: WebhookRequest, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(request, endpointId);
  return deliverOnce(
    endpoint,
    {
      type: 'webhook.test',
      timestamp: request.now.toISOString(),
      data: { endpointId, workspaceId: request.workspaceId, sentBy: request.userId },
    },
    `test_${randomUUID()}`,
    1,
    request.now,
  );
}

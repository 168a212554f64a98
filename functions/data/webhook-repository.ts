/**
 * Webhook endpoints (one item each in their workspace's partition, the signing secrets sealed with
 * the token key) and their delivery log (one item per try, newest first by sort key, removed by TTL).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookDelivery, WebhookEventType } from '../../shared/schemas/webhooks';
import { batchPutItems, db, isConditionFailure, queryAllPages, tableName } from './client';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

export interface WebhookEndpointRecord {
  endpointId: string;
  workspaceId: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: 'failing' | 'manual' | null;
  createdAt: string;
  createdBy: string;
  /** The current secret, sealed (token-vault). */
  sealedSecret: string;
  /** The rotated-out secret, sealed, while it still signs (until previousSecretUntil). */
  sealedPreviousSecret: string | null;
  previousSecretUntil: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function endpointOf(item: Record<string, unknown>): WebhookEndpointRecord {
  return {
    endpointId: String(item.endpointId),
    workspaceId: String(item.workspaceId),
    url: String(item.url),
    description: text(item.description),
    events: (Array.isArray(item.events) ? item.events : []) as WebhookEventType[],
    enabled: item.enabled === true,
    disabledReason: (text(item.disabledReason) as WebhookEndpointRecord['disabledReason']) ?? null,
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    sealedSecret: String(item.sealedSecret),
    sealedPreviousSecret: text(item.sealedPreviousSecret),
    previousSecretUntil: text(item.previousSecretUntil),
  };
}

export async function putWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.webhookEndpoint(endpoint.workspaceId, endpoint.endpointId),
        type: itemTypes.webhookEndpoint,
        ...endpoint,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** One endpoint of a workspace (null: none such there). */
export async function getWebhookEndpoint(
  workspaceId: string,
  endpointId: string,
): Promise<WebhookEndpointRecord | null> {
  const { Item: item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.webhookEndpoint(workspaceId, endpointId),
      ConsistentRead: true,
    }),
  );
  return item ? endpointOf(item) : null;
}

/** A workspace's endpoints, oldest first. */
export async function listWebhookEndpoints(workspaceId: string): Promise<WebhookEndpointRecord[]> {
  const found: WebhookEndpointRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(workspaceId), ':prefix': keys.webhookEndpointsPrefix },
  }))
    found.push(endpointOf(item));
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

type EndpointChange = Partial<
  Pick<
    WebhookEndpointRecord,
    'url' | 'events' | 'enabled' | 'disabledReason' | 'sealedSecret' | 'sealedPreviousSecret' | 'previousSecretUntil'
  >
>;

/** Changes an existing endpoint; false when it is gone (or, with `onlyIfEnabled`, already disabled). */
export async function updateWebhookEndpoint(
  workspaceId: string,
  endpointId: string,
  change: EndpointChange,
  options: { onlyIfEnabled?: boolean } = {},
): Promise<boolean> {
  const entries = Object.entries(change).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return true;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(workspaceId, endpointId),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: options.onlyIfEnabled
          ? 'attribute_exists(pk) AND enabled = :true'
          : 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
          ...(options.onlyIfEnabled ? { ':true': true } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes an endpoint; false when it was not there. Its log goes with TTL. */
export async function deleteWebhookEndpoint(workspaceId: string, endpointId: string): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(workspaceId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function deliveryItem(workspaceId: string, endpointId: string, delivery: WebhookDelivery, keptSeconds: number) {
  return {
    ...keys.webhookDelivery(workspaceId, endpointId, delivery.at, `${delivery.webhookId}#${delivery.attempt}`),
    type: itemTypes.webhookDelivery,
    ...delivery,
    [TTL_ATTRIBUTE]: Math.floor(Date.parse(delivery.at) / 1000) + keptSeconds,
  };
}

/** Records one try in the endpoint's log, kept `keptSeconds`. */
export async function putWebhookDelivery(
  workspaceId: string,
  endpointId: string,
  delivery: WebhookDelivery,
  keptSeconds: number,
): Promise<void> {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: deliveryItem(workspaceId, endpointId, delivery, keptSeconds) }),
  );
}

/** Records many tries (one event's fan-out) in their endpoints' logs, 25 a write. */
export async function putWebhookDeliveries(
  tries: Array<{ workspaceId: string; endpointId: string; delivery: WebhookDelivery }>,
  keptSeconds: number,
): Promise<void> {
  await batchPutItems(
    tries.map(({ workspaceId, endpointId, delivery }) => deliveryItem(workspaceId, endpointId, delivery, keptSeconds)),
  );
}

/** The endpoint's last `limit` tries, newest first. */
export async function listWebhookDeliveries(
  workspaceId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  const { Items: items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.userPartition(workspaceId),
        ':prefix': keys.webhookDeliveriesPrefix(endpointId),
      },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return items.map((item) => ({
    webhookId: String(item.webhookId),
    eventType: String(item.eventType),
    attempt: Number(item.attempt),
    status: typeof item.status === 'number' ? item.status : null,
    ok: item.ok === true,
    excerpt: String(item.excerpt ?? ''),
    durationMs: Number(item.durationMs),
    at: String(item.at),
  }));
}

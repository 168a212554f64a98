import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { traced } from '../lib/tracer';

/** The one DynamoDB client of this process (local endpoint when configured). */
export const dynamodb = traced(new DynamoDBClient({ region: config().region, endpoint: config().endpoints.dynamodb }));
// No SDK logger is configured, yet the SDK's logger middleware still walks every request and response
// to redact them for it: on a page of 15 threads that walk was a tenth of the read's CPU.
dynamodb.middlewareStack.remove('loggerMiddleware');

/** The one DynamoDB document client of this process, over `dynamodb`. */
export const db = DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } });

/** The table every repository reads and writes. */
export function tableName(): string {
  return config().tableName;
}

/** Every item a Query matches, page after page (for listings read whole: admins, purchases, a day's balances). */
export async function* queryAllPages(
  input: Omit<QueryCommandInput, 'TableName'>,
): AsyncGenerator<Record<string, unknown>> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: cursor }));
    yield* page.Items ?? [];
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}

/** How many items a Query matches, page after page (`Select: COUNT` reads at most 1 MB a page). */
export async function countAllPages(input: Omit<QueryCommandInput, 'TableName' | 'Select'>): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: cursor }),
    );
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}

/**
 * The one item listed under this `gsi1pk` in a sparse index (an index entry per item, e.g. a token's
 * hash), read again from the table consistently: the index is eventually consistent, the item is not.
 */
export async function getItemByGsi1(indexName: string, gsi1pk: string): Promise<Record<string, unknown> | null> {
  const { Items: found = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      Limit: 1,
    }),
  );
  const listed = found[0];
  if (!listed) return null;
  const { Item: item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: String(listed.pk), sk: String(listed.sk) },
      ConsistentRead: true,
    }),
  );
  return item ?? null;
}

type WriteRequest =
  | { DeleteRequest: { Key: Record<string, unknown> } }
  | { PutRequest: { Item: Record<string, unknown> } };

/**
 * Sends these writes, 25 a BatchWriteItem, retrying what DynamoDB hands back unprocessed (with a
 * growing pause); throws when some are still left after the retries.
 */
async function batchWrite(requests: WriteRequest[], what: string): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length && attempt < 8; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
    if (pending.length) throw new Error(`DynamoDB left ${what} unprocessed after retries`);
  }
}

/** Deletes these items, in batches (see batchWrite). */
export async function batchDeleteItems(itemKeys: Array<{ pk: string; sk: string }>): Promise<void> {
  await batchWrite(
    itemKeys.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    'deletes',
  );
}

/** Puts these items (unconditionally: new items, or whole replacements), in batches (see batchWrite). */
export async function batchPutItems(items: Array<Record<string, unknown>>): Promise<void> {
  await batchWrite(
    items.map((item) => ({ PutRequest: { Item: item } })),
    'puts',
  );
}

/** True when a write was refused by its condition expression. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * Reads many items by key (BatchGet takes at most 100 keys a call and may hand some back unprocessed);
 * `consistentRead` for a read that must see every write made before it; `attributes` to read only those.
 */
export async function batchGetItems(
  itemKeys: Array<{ pk: string; sk: string }>,
  options: { consistentRead?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const names = Object.fromEntries((options.attributes ?? []).map((name, index) => [`#a${index}`, name]));
  const projection = options.attributes
    ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
    : {};
  for (let start = 0; start < itemKeys.length; start += 100) {
    let pending: Record<string, unknown>[] = itemKeys.slice(start, start + 100).map((key) => ({ ...key }));
    while (pending.length > 0) {
      const result = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ...(options.consistentRead ? { ConsistentRead: true } : {}),
              ...projection,
            },
          },
        }),
      );
      items.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return items;
}

import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { TABLE_INDEXES, TABLE_KEYS } from '../functions/data/table-definition';
import { LOCAL_AWS_ENV } from './aws-env';
import { stopChildProcess } from './child-process';

/** Starts dynalite on 127.0.0.1 (LevelDB under `dataPath`, or in memory) and returns its endpoint. */
export async function startDynalite(
  port: number,
  dataPath?: string,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server: Server = dynalite({ path: dataPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts dynalite with its data under `dataPath` in a child process (local/dynalite-server.mjs), so
 * the stack's handlers and the database do not share one event loop. Resolves once it listens.
 */
export async function startDynaliteProcess(
  port: number,
  dataPath: string,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const script = fileURLToPath(new URL('./dynalite-server.mjs', import.meta.url));
  // The IPC channel only tells the child when this process is gone, so it never outlives the stack.
  const child = spawn(process.execPath, [script, String(port), dataPath], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code, signal) => reject(new Error(`dynalite exited (${code ?? signal}): ${stderr}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, close: () => stopChildProcess(child) };
}

/**
 * Creates the app table from the same definition the CDK data stack uses, unless it exists. A table
 * from an older version that lacks an index is rebuilt with its rows (dynalite cannot add an index
 * to an existing table), so a `.data/` from before keeps working.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    region: LOCAL_AWS_ENV.AWS_REGION,
    endpoint,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    if (TABLE_INDEXES.every((index) => present.has(index.indexName))) return;
    await rebuildTable(client, tableName);
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await createTable(client, tableName);
  } finally {
    client.destroy();
  }
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const keyNames = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...TABLE_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
}

/** Reads every row, recreates the table with today's indexes and writes the rows back. */
async function rebuildTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const rows: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    rows.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await createTable(client, tableName);
  for (let index = 0; index < rows.length; index += 25) {
    let pending: WriteRequest[] | undefined = rows.slice(index, index + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending?.length) {
      const result: BatchWriteItemCommandOutput = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = result.UnprocessedItems?.[tableName];
    }
  }
}

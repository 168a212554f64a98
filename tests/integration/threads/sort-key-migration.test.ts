import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTable, startDynalite } from '#local/dynamo';
import { freePort } from '#local/ports';

const server = await startDynalite(await freePort());
const tableName = 'threadsnip-before-sort-indexes';
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: server.endpoint,
  APP_PUBLIC_URL: 'http://localhost:3000',
  ADMIN_EMAILS: 'admin@example.com',
});
const { listThreadsForUser } = await import('#functions/data/thread-repository');
const { addMissingThreadSortKeys } = await import('#scripts/migrations/add-thread-sort-keys');

afterAll(() => server.close());

describe('a table from before the history sort indexes', () => {
  it('is rebuilt with them at start, keeps its rows, and its threads are listed in order after the migration', async () => {
    const client = new DynamoDBClient({ endpoint: server.endpoint, region: 'us-east-1' });
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    for (const [id, title, createdAt] of [
      ['t-1', 'Zebra crossings', '2026-01-01T00:00:00.000Z'],
      ['t-2', 'apples', '2026-01-02T00:00:00.000Z'],
    ]) {
      await client.send(
        new PutItemCommand({
          TableName: tableName,
          Item: {
            pk: { S: 'USER#old-user' },
            sk: { S: `THREAD#${id}` },
            type: { S: 'thread' },
            id: { S: id! },
            userId: { S: 'old-user' },
            title: { S: title! },
            createdAt: { S: createdAt! },
            tweets: { L: [{ S: 'An old plain-string post' }] },
          },
        }),
      );
    }
    client.destroy();

    await ensureTable(server.endpoint, tableName);
    const moved: string[] = [];
    expect(await addMissingThreadSortKeys((row) => moved.push(`${row.pk} ${row.sk}`))).toBe(2);
    expect(moved.sort()).toEqual(['USER#old-user THREAD#t-1', 'USER#old-user THREAD#t-2']);
    expect(await addMissingThreadSortKeys()).toBe(0);

    const byTitle = await listThreadsForUser('old-user', { field: 'title', order: 'asc' }, 15, null);
    expect(byTitle.threads.map((thread) => thread.title)).toEqual(['apples', 'Zebra crossings']);
    const newest = await listThreadsForUser('old-user', { field: 'createdAt', order: 'desc' }, 15, null);
    expect(newest.threads.map((thread) => thread.id)).toEqual(['t-2', 't-1']);
  });
});

/**
 * Migration: gives threads written before the history sort indexes existed their gsi3/gsi4 keys.
 * Idempotent (a row that has them is skipped), so the local stack runs it at every start and it can
 * be run by hand against a deployed table:
 *   DYNAMODB_ENDPOINT=… TABLE_NAME=… npx tsx scripts/migrations/add-thread-sort-keys.ts
 * (without them it opens the local data folder, DATA_DIR, while the stack is stopped). It prints
 * each row it changed and how many.
 */
import { pathToFileURL } from 'node:url';

/** The key of a row the migration changed. */
export interface MigratedRow {
  pk: string;
  sk: string;
}

/**
 * Adds the sort index keys to every thread row without them (a full-table Scan: a one-off, never a
 * request's path). Returns how many rows it changed; `report` hears each.
 */
export async function addMissingThreadSortKeys(report: (row: MigratedRow) => void = () => {}): Promise<number> {
  // Loaded here, not at the top: the table's environment is set by the caller first.
  const { ScanCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/data/client');
  const { fromItem, threadSortKeys } = await import('../../functions/data/thread-repository');
  let changed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :thread AND attribute_not_exists(gsi3pk)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':thread': 'thread' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const indexKeys = threadSortKeys(fromItem(item));
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET gsi3pk = :g3pk, gsi3sk = :g3sk, gsi4pk = :g4pk, gsi4sk = :g4sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':g3pk': indexKeys.gsi3pk,
            ':g3sk': indexKeys.gsi3sk,
            ':g4pk': indexKeys.gsi4pk,
            ':g4sk': indexKeys.gsi4sk,
          },
        }),
      );
      report({ pk: String(item.pk), sk: String(item.sk) });
      changed += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { openTableForScript } = await import('../lib/open-table');
  const close = await openTableForScript();
  try {
    const changed = await addMissingThreadSortKeys((row) => console.log(`sort keys added: ${row.pk} ${row.sk}`));
    console.log(`${changed} thread row(s) given their sort index keys`);
  } finally {
    await close();
  }
}

/**
 * Migration (issue #41, several accounts per platform): moves every connection stored under its
 * workspace's one-per-platform key `CONN#<platform>` to its account's key `CONN#<platform>#<accountId>`,
 * the account id taken from the stored item as the connect flow records it (accountIdOf,
 * docs/platforms.md). Each move Puts the item under its new key (only if absent), then Deletes the old
 * one (only if present): a run stopped between the two leaves both, and the next run finds the new key
 * there and only deletes the old one (as it does when the account was connected again since). Its tokens keep their binding
 * (`legacyTokenBinding`) until a refresh or reconnect seals them again, so nothing needs the token key.
 * It walks every partition that can hold connections: the users (gsi1 `PROFILES`, oldest first) and
 * then the team workspaces (gsi2 `WORKSPACES`), a page at a time, never a Scan, saving its progress
 * after each page (and when stopped) in `MIGRATIONS`/`connection-accounts` (scripts/lib/migration-walk.ts); a run that finds a walk
 * unfinished resumes after the last partition it finished. Idempotent: a second run moves nothing.
 * The local stack runs it at every start; by hand against a deployed table (your AWS credentials and region):
 *   TABLE_NAME=… npx tsx scripts/migrations/move-connections-to-accounts.ts
 * against a running local table with DYNAMODB_ENDPOINT=… TABLE_NAME=…, and without either it opens the
 * local data folder (DATA_DIR) while the stack is stopped. It prints each connection it moved and its report.
 */
import { pathToFileURL } from 'node:url';

/** The progress item's name (`keys.migrationProgress`). */
const MIGRATION = 'connection-accounts';
/** Partitions read per listing Query, and so partitions between two saves of the progress. */
const DEFAULT_PAGE_SIZE = 100;

/** The two listings walked, in order. */
type Phase = 'users' | 'workspaces';

/** One connection moved (or found already under its account's key). */
export interface MovedConnection {
  partitionOwner: string;
  platform: string;
  accountId: string;
  outcome: 'moved' | 'already_there';
}

interface ConnectionCounts {
  partitionsSeen: number;
  moved: number;
  /** Old items whose account's key was already written (a reconnect since, a stopped run): the old item deleted only. */
  alreadyThere: number;
}

export interface ConnectionAccountsReport {
  resumed: boolean;
  /** Whether the walk reached the last partition (false: stopped by its signal, its progress saved). */
  finished: boolean;
  run: ConnectionCounts;
  walk: ConnectionCounts;
  durationMs: number;
}

export interface ConnectionAccountsOptions {
  /** Stops the walk after the partition under way, with the progress saved for the next run. */
  signal?: AbortSignal;
  report?: (moved: MovedConnection) => void;
  pageSize?: number;
}

const noCounts = (): ConnectionCounts => ({ partitionsSeen: 0, moved: 0, alreadyThere: 0 });

/** Walks every user's and team workspace's partition and moves its old-keyed connections (see the header). */
export async function moveConnectionsToAccounts(
  options: ConnectionAccountsOptions = {},
): Promise<ConnectionAccountsReport> {
  // Loaded here, not at the top: the table's environment is set by the caller first.
  const { DeleteCommand, PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { openMigrationWalk } = await import('../lib/migration-walk');
  const { db, isConditionFailure, tableName } = await import('../../functions/data/client');
  const { indexes, itemTypes, keys } = await import('../../functions/data/keys');
  const { expiryListing } = await import('../../functions/data/connection-repository');
  const { accountIdOf } = await import('../../functions/services/platforms/account-ids');
  const started = performance.now();
  const { signal, report = () => {}, pageSize = DEFAULT_PAGE_SIZE } = options;

  const progress = await openMigrationWalk<ConnectionCounts, { phase: Phase; listingKey?: Record<string, unknown> }>(
    MIGRATION,
    noCounts,
  );
  let phase: Phase = progress.resumeAt?.phase ?? 'users';
  // The listing key of the last partition finished: a later Query resumes right after it.
  let startKey = progress.resumeAt?.listingKey;
  const saveProgress = (finished: boolean) =>
    progress.save({ phase, ...(startKey ? { listingKey: startKey } : {}) }, finished);

  /** Moves one partition's old-keyed connections. */
  const movePartition = async (ownerId: string) => {
    const partition = keys.userPartition(ownerId);
    let pageKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': partition, ':prefix': keys.platformConnectionPrefix },
          ConsistentRead: true,
          ExclusiveStartKey: pageKey,
        }),
      );
      // An old key is `CONN#<platform>`: one `#`, and no account id on the item.
      const old = (page.Items ?? []).filter((item) => String(item.sk).split('#').length === 2 && !item.accountId);
      for (const item of old) {
        const platform = String(item.platform ?? String(item.sk).slice(keys.platformConnectionPrefix.length));
        const accountId = accountIdOf(platform as never, {
          platformUsername: (item.platformUsername as string | null) ?? null,
          connectionData: (item.connectionData as Record<string, unknown>) ?? {},
        });
        const { gsi1pk: _oldListing, gsi1sk: _oldListingKey, ...rest } = item;
        const moved = {
          ...rest,
          ...keys.platformConnection(ownerId, platform, accountId),
          type: itemTypes.platformConnection,
          accountId,
          name: null,
          ...(item.accessToken ? { legacyTokenBinding: true } : {}),
          ...expiryListing({
            platform: platform as never,
            accountId,
            userId: String(item.userId ?? ownerId),
            isConnected: Boolean(item.isConnected),
            tokenExpiresAt: (item.tokenExpiresAt as string | null) ?? null,
          }),
        };
        let outcome: MovedConnection['outcome'] = 'moved';
        try {
          await db.send(
            new PutCommand({ TableName: tableName(), Item: moved, ConditionExpression: 'attribute_not_exists(sk)' }),
          );
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          // The account's key is there already (reconnected since, or a run stopped between the two writes).
          outcome = 'already_there';
        }
        try {
          await db.send(
            new DeleteCommand({
              TableName: tableName(),
              Key: { pk: item.pk, sk: item.sk },
              ConditionExpression: 'attribute_exists(sk)',
            }),
          );
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        progress.count(outcome === 'moved' ? 'moved' : 'alreadyThere');
        report({ partitionOwner: ownerId, platform, accountId, outcome });
      }
      pageKey = page.LastEvaluatedKey;
    } while (pageKey);
  };

  let stopped = false;
  while (!stopped) {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        ...(phase === 'users'
          ? {
              IndexName: indexes.byGsi1,
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': keys.profilesListingPartition },
            }
          : {
              IndexName: indexes.workspacesListing,
              KeyConditionExpression: 'gsi2pk = :pk',
              ExpressionAttributeValues: { ':pk': keys.workspacesListingPartition },
            }),
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const listed of page.Items ?? []) {
      if (signal?.aborted) {
        stopped = true;
        break;
      }
      await movePartition(String(phase === 'users' ? listed.userId : listed.workspaceId));
      progress.count('partitionsSeen');
      startKey =
        phase === 'users'
          ? { pk: listed.pk, sk: listed.sk, gsi1pk: listed.gsi1pk, gsi1sk: listed.gsi1sk }
          : { pk: listed.pk, sk: listed.sk, gsi2pk: listed.gsi2pk, gsi2sk: listed.gsi2sk };
    }
    if (stopped) break;
    startKey = page.LastEvaluatedKey;
    if (!startKey) {
      if (phase === 'workspaces') break;
      phase = 'workspaces';
    }
    await saveProgress(false);
  }
  await saveProgress(!stopped);
  return {
    resumed: progress.resumed,
    finished: !stopped,
    run: progress.run,
    walk: progress.walk,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The report as lines for a terminal or the local stack's log. */
export function describeConnectionAccountsReport(report: ConnectionAccountsReport): string[] {
  const counts = (c: ConnectionCounts) =>
    `${c.partitionsSeen} user(s) and workspace(s) walked, ${c.moved} connection(s) moved to their account's key` +
    (c.alreadyThere ? `, ${c.alreadyThere} already there (old key deleted)` : '');
  return [
    `connection accounts: ${report.resumed ? 'resumed an unfinished walk; ' : ''}${counts(report.run)} in ${(report.durationMs / 1000).toFixed(1)} s`,
    ...(report.resumed ? [`  the whole walk so far: ${counts(report.walk)}`] : []),
    report.finished
      ? '  every user and workspace walked: the next run starts again from the first (and moves nothing)'
      : '  stopped before the last: the next run resumes after the last one finished',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runMigrationScript } = await import('../lib/migration-walk');
  await runMigrationScript(
    (signal) =>
      moveConnectionsToAccounts({
        signal,
        report: (moved) => {
          if (moved.outcome === 'moved') {
            console.log(`connection moved: ${moved.partitionOwner} ${moved.platform} → ${moved.accountId}`);
          }
        },
      }),
    describeConnectionAccountsReport,
  );
}

import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PLUG_STATES, type PlugState } from '#shared/publishing/plug';
import type { Platform } from '#shared/schemas/thread';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';

/**
 * A thread's plug on one platform, armed when a run completes: one reply under the first post with
 * the source link once the first post passes `threshold` likes and reposts within 48 hours. Every
 * change of state is a condition on the state read, so two checks never both fire it.
 */
export interface PlugRecord {
  userId: string;
  threadId: string;
  platform: Platform;
  /** The account of the run it watches; null for a run from before several accounts (the platform's first). */
  accountId: string | null;
  /** The run it watches; a thread published again arms a plug of its own run. */
  runId: string;
  threshold: number;
  state: PlugState;
  /** When the run completed: the checks are timed from it. */
  completedAt: string;
  /** Checks done so far; check `checksDone` is the next one. */
  checksDone: number;
  /** When the next check is due; null once the plug left `armed`. */
  nextCheckAt: string | null;
  /** The first post's likes and reposts at the last check; null before any figure. */
  lastCount: number | null;
  /** The check holding the plug while it replies (`firing`), and until when (epoch ms). */
  claimId: string | null;
  claimUntil: number | null;
  /** When the plug was first claimed: kept across takeovers, so every attempt at the reply makes the same post (Bluesky's record key). */
  claimedAt: string | null;
  firedAt: string | null;
  firedUrl: string | null;
  firedPostId: string | null;
  /** Why it was cancelled (the thread deleted, the platform disconnected, the reply refused); null otherwise. */
  endReason: string | null;
  armedAt: string;
  updatedAt: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);

function fromItem(item: Record<string, unknown>): PlugRecord {
  return {
    userId: String(item.userId),
    threadId: String(item.threadId),
    platform: item.platform as Platform,
    accountId: str(item.accountId),
    runId: String(item.runId),
    threshold: Number(item.threshold),
    state: PLUG_STATES.find((state) => state === item.state) ?? 'cancelled',
    completedAt: String(item.completedAt),
    checksDone: num(item.checksDone) ?? 0,
    nextCheckAt: str(item.nextCheckAt),
    lastCount: num(item.lastCount),
    claimId: str(item.claimId),
    claimUntil: num(item.claimUntil),
    claimedAt: str(item.claimedAt),
    firedAt: str(item.firedAt),
    firedUrl: str(item.firedUrl),
    firedPostId: str(item.firedPostId),
    endReason: str(item.endReason),
    armedAt: String(item.armedAt),
    updatedAt: String(item.updatedAt),
  };
}

const plugKey = (plug: Pick<PlugRecord, 'userId' | 'threadId' | 'platform'> & { accountId?: string | null }) =>
  keys.plug(plug.userId, plug.threadId, plug.platform, plug.accountId);

/**
 * arm_plug: stores an armed plug for the run, listed among the user's armed plugs of the platform.
 * False when this run's plug is already stored (a redelivered ThreadPublished); a plug of an earlier
 * run of the thread is replaced (its pending check then finds another run and does nothing).
 */
export async function armPlug(plug: PlugRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...plugKey(plug),
          ...keys.armedPlugListing(plug.userId, plug.platform, plug.threadId),
          type: itemTypes.plug,
          // Unset fields are left out, not stored as NULL: the claim sets `claimedAt` only if it does not exist.
          ...Object.fromEntries(Object.entries(plug).filter(([, value]) => value !== null)),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR runId <> :runId',
        ExpressionAttributeValues: { ':runId': plug.runId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** get_plug: one account's plug of the thread (consistent: a check decides on it). */
export async function getPlug(
  userId: string,
  threadId: string,
  platform: Platform,
  accountId?: string | null,
): Promise<PlugRecord | null> {
  // Undefined: the platform's plug of whichever account (the most recently updated).
  if (accountId === undefined) {
    const plugs = (await listPlugsOfThread(userId, threadId)).filter((plug) => plug.platform === platform);
    return plugs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
  }
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.plug(userId, threadId, platform, accountId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** list_plugs_of_thread: every platform's plug of one of the user's threads (the thread page, deleting the thread). */
export async function listPlugsOfThread(userId: string, threadId: string): Promise<PlugRecord[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.plugsOfThreadPrefix(threadId) },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(fromItem);
}

/** list_armed_plugs_of_platform: the user's armed plugs on one platform (gsi1, sparse), when it is disconnected. */
export async function listArmedPlugsOfPlatform(userId: string, platform: Platform): Promise<PlugRecord[]> {
  const plugs: PlugRecord[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.armedPlugsOfPlatform,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.armedPlugsPartition(userId, platform) },
  })) {
    plugs.push(fromItem(item));
  }
  return plugs;
}

/** Runs a conditional update; false when its condition refused it. */
async function updateIf(input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName: tableName(), ...input }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * record_plug_check: the checks before `checksDone` done without firing, the next one due at
 * `nextCheckAt`. Only from the state read (armed, same run, same count), so a redelivered check
 * records nothing.
 */
export async function recordPlugCheck(
  plug: PlugRecord,
  check: { checksDone: number; nextCheckAt: string; lastCount: number | null },
  now: string,
): Promise<boolean> {
  return updateIf({
    Key: plugKey(plug),
    UpdateExpression: 'SET checksDone = :next, nextCheckAt = :at, lastCount = :count, updatedAt = :now',
    ConditionExpression: '#state = :armed AND runId = :runId AND checksDone = :done',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':next': check.checksDone,
      ':at': check.nextCheckAt,
      ':count': check.lastCount,
      ':now': now,
      ':armed': 'armed',
      ':runId': plug.runId,
      ':done': plug.checksDone,
    },
  });
}

/**
 * claim_plug: the one decision to reply. An armed plug becomes `firing` under `claimId` until
 * `claimUntil`; a `firing` plug whose holder stopped (its claim ran out) is taken over. Null when
 * another check holds or already fired it; otherwise the claimed plug and whether an earlier holder
 * may already have replied (a takeover).
 */
export async function claimPlug(
  plug: PlugRecord,
  claimId: string,
  claimUntil: number,
  now: Date,
): Promise<{ plug: PlugRecord; takeover: boolean } | null> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: plugKey(plug),
        UpdateExpression:
          'SET #state = :firing, claimId = :claim, claimUntil = :until, claimedAt = if_not_exists(claimedAt, :now), nextCheckAt = :none, updatedAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'runId = :runId AND (#state = :armed OR (#state = :firing AND claimUntil < :nowMs))',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':firing': 'firing',
          ':armed': 'armed',
          ':claim': claimId,
          ':until': claimUntil,
          ':now': now.toISOString(),
          ':nowMs': now.getTime(),
          ':none': null,
          ':runId': plug.runId,
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = fromItem(result.Attributes ?? {});
    return {
      plug: { ...before, state: 'firing', claimId, claimUntil, claimedAt: before.claimedAt ?? now.toISOString() },
      takeover: before.state === 'firing',
    };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** fire_plug: the claimed plug replied; only its holder records it. */
export async function markPlugFired(
  plug: PlugRecord,
  reply: { postId: string; url: string | null },
  now: string,
): Promise<boolean> {
  return updateIf({
    Key: plugKey(plug),
    UpdateExpression:
      'SET #state = :fired, firedAt = :now, firedUrl = :url, firedPostId = :postId, updatedAt = :now REMOVE claimId, claimUntil',
    ConditionExpression: '#state = :firing AND claimId = :claim',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':fired': 'fired',
      ':firing': 'firing',
      ':claim': plug.claimId,
      ':now': now,
      ':url': reply.url,
      ':postId': reply.postId,
    },
  });
}

/**
 * end_plug: an armed plug expired (48 hours without reaching its threshold) or cancelled (the thread
 * deleted, the platform disconnected), or a claimed one whose reply the platform refused
 * (`claimId` given): taken off the armed listing. False when it had already left that state.
 */
export async function endPlug(
  plug: Pick<PlugRecord, 'userId' | 'threadId' | 'platform' | 'accountId' | 'runId'> & { claimId?: string | null },
  state: 'expired' | 'cancelled',
  reason: string | null,
  now: string,
): Promise<boolean> {
  const holder = plug.claimId ?? null;
  return updateIf({
    Key: plugKey(plug),
    UpdateExpression:
      'SET #state = :state, endReason = :reason, nextCheckAt = :none, updatedAt = :now REMOVE gsi1pk, gsi1sk, claimId, claimUntil',
    ConditionExpression: holder
      ? 'runId = :runId AND #state = :firing AND claimId = :claim'
      : 'runId = :runId AND #state = :armed',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':state': state,
      ':reason': reason,
      ':none': null,
      ':now': now,
      ':runId': plug.runId,
      ...(holder ? { ':firing': 'firing', ':claim': holder } : { ':armed': 'armed' }),
    },
  });
}

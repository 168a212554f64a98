import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlugChoice } from '#shared/publishing/plug';
import { plugChoiceSchema } from '#shared/schemas/plug';
import { batchGetItems, db, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys, singletonSortKeys } from './keys';
import { addToTotals } from './stats-repository';

export type Role = 'admin' | 'user';

export interface Profile {
  userId: string;
  email: string;
  username: string | null;
  /** The name public pages give the curator, chosen by them (never derived from the email); null until chosen. */
  displayName?: string | null;
  /** The plug new threads start with, chosen in account settings; null until chosen (off). */
  plugDefault?: PlugChoice | null;
  createdAt: string;
}

/** A stored plug default, when it is one (null otherwise). */
function plugDefaultOf(value: unknown): PlugChoice | null {
  const parsed = plugChoiceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface CreditsRecord {
  userId: string;
  freeCredits: number;
  paidCredits: number;
  usedCredits: number;
  /** Free credits granted at each daily refresh (5 for users, 100 for admins). */
  dailyAllowance: number;
  /** UTC date (YYYY-MM-DD) of the last free refresh. */
  lastRefreshDate: string;
  /** Set while a change of free credits still owes its ledger entry. */
  pendingGrantId?: string;
  /** Credits held for auto-draft jobs still running (owned, but neither available nor used); absent when none. */
  reservedCredits?: number;
}

export interface AccountRecords {
  profile: Profile | null;
  role: Role | null;
  credits: CreditsRecord | null;
  /** Whether the user's personal workspace exists (made at sign-up, by the migration, or on first use). */
  hasPersonalWorkspace: boolean;
}

/** Reads a user's profile, role, credits and personal workspace in one round trip. */
export async function getAccountRecords(userId: string): Promise<AccountRecords> {
  const result = await db.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [keys.profile(userId), keys.role(userId), keys.credits(userId), keys.workspace(userId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = result.Responses?.[tableName()] ?? [];
  const bySk = new Map(items.map((item) => [item.sk as string, item]));
  const profile = bySk.get(singletonSortKeys.profile);
  const role = bySk.get(singletonSortKeys.role);
  const credits = bySk.get(singletonSortKeys.credits);
  return {
    profile: profile
      ? {
          userId,
          email: profile.email,
          username: profile.username ?? null,
          displayName: typeof profile.displayName === 'string' ? profile.displayName : null,
          plugDefault: plugDefaultOf(profile.plugDefault),
          createdAt: profile.createdAt,
        }
      : null,
    role: role ? (role.role as Role) : null,
    credits: credits ? toCreditsRecord(userId, credits) : null,
    hasPersonalWorkspace: bySk.has(keys.workspace(userId).sk),
  };
}

/** A user's stored role (null when the account has none yet); read on every admin route call. */
export async function getRole(userId: string): Promise<Role | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.role(userId), ConsistentRead: true }),
  );
  return result.Item ? (result.Item.role as Role) : null;
}

export function toCreditsRecord(userId: string, item: Record<string, unknown>): CreditsRecord {
  return {
    userId,
    freeCredits: Number(item.freeCredits ?? 0),
    paidCredits: Number(item.paidCredits ?? 0),
    usedCredits: Number(item.usedCredits ?? 0),
    dailyAllowance: Number(item.dailyAllowance ?? 0),
    lastRefreshDate: String(item.lastRefreshDate ?? ''),
    ...(item.grantId ? { pendingGrantId: String(item.grantId) } : {}),
    ...reservedOf(item),
  };
}

function reservedOf(item: Record<string, unknown>): { reservedCredits?: number } {
  const count = (value: unknown) => (value instanceof Set ? value.size : 0);
  const reserved = count(item.reservedFreeThreadIds) + count(item.reservedPaidThreadIds);
  return reserved > 0 ? { reservedCredits: reserved } : {};
}

/** Creates the profile unless it exists (safe to repeat); counts a new user. */
export async function createProfileIfMissing(profile: Profile): Promise<void> {
  const created = await putIfMissing({
    ...keys.profile(profile.userId),
    ...keys.profileListing(profile.createdAt, profile.userId),
    type: itemTypes.profile,
    userId: profile.userId,
    email: profile.email,
    username: profile.username,
    createdAt: profile.createdAt,
  });
  if (created) await addToTotals({ users: 1 });
}

/** Creates the role item unless one exists (an admin's later change is never overwritten); counts a new admin. */
export async function createRoleIfMissing(userId: string, role: Role, now: string): Promise<void> {
  const created = await putIfMissing({
    ...keys.role(userId),
    ...keys.roleListing(role, userId),
    type: itemTypes.role,
    userId,
    role,
    updatedAt: now,
  });
  if (created && role === 'admin') await countOneMoreAdmin();
}

/** What a role change did. */
export type RoleChangeOutcome = 'updated' | 'unchanged' | 'not_found' | 'last_admin';

/**
 * Changes a user's role with single-item conditional writes (no transactions): a demotion first
 * releases the admin's seat on the counter, only while another admin remains and only once (see
 * releaseAdminSeat), so two admins demoting each other cannot leave none, and a demotion racing
 * the admin's account deletion cannot take them off twice; a role write that finds the role
 * already changed gives the seat back.
 */
export async function changeRole(userId: string, role: Role, now: string): Promise<RoleChangeOutcome> {
  if (role === 'user' && !(await releaseAdminSeat(userId, { keepOne: true }))) {
    // Already on its way off the count: another demotion or the account's deletion is under way.
    if (await isAdminSeatReleased(userId)) return 'unchanged';
    return (await getRole(userId)) === 'admin' ? 'last_admin' : roleAbsent(userId);
  }
  const from: Role = role === 'admin' ? 'user' : 'admin';
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.role(userId),
        UpdateExpression: 'SET #role = :role, updatedAt = :now, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
        ConditionExpression: '#role = :from',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: {
          ':role': role,
          ':from': from,
          ':now': now,
          ':gsi1pk': keys.roleListing(role, userId).gsi1pk,
          ':gsi1sk': keys.roleListing(role, userId).gsi1sk,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (role === 'user') await restoreAdminSeat(userId);
    return roleAbsent(userId);
  }
  if (role === 'admin') await countOneMoreAdmin();
  else await forgetUncountedAdmin(userId);
  return 'updated';
}

async function roleAbsent(userId: string): Promise<'unchanged' | 'not_found'> {
  return (await getRole(userId)) ? 'unchanged' : 'not_found';
}

/** Counts one more admin (a new admin, or a promotion). */
async function countOneMoreAdmin(): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter('ADMINS'),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/**
 * Takes an admin off the admin counter once: the counter remembers whose seat it released
 * (`uncountedAdmins`) until their role item no longer says admin, so a demotion and the account's
 * deletion racing, or a deletion run again after a crash, release it only once. With `keepOne`,
 * only while another admin remains. False when nothing was released.
 */
async function releaseAdminSeat(userId: string, { keepOne }: { keepOne: boolean }): Promise<boolean> {
  const notYetReleased = 'NOT contains(uncountedAdmins, :userId)';
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter('ADMINS'),
        UpdateExpression: 'ADD #n :minusOne, uncountedAdmins :user',
        ConditionExpression: keepOne ? `#n > :one AND ${notYetReleased}` : notYetReleased,
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: {
          ':minusOne': -1,
          ':user': new Set([userId]),
          ':userId': userId,
          ...(keepOne ? { ':one': 1 } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Gives back a seat a demotion released when its role write found the role already changed. Not
 * when the account's deletion has since removed the role and forgotten the user: that deletion
 * counted on this release.
 */
async function restoreAdminSeat(userId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter('ADMINS'),
        UpdateExpression: 'ADD #n :one DELETE uncountedAdmins :user',
        ConditionExpression: 'contains(uncountedAdmins, :userId)',
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':user': new Set([userId]), ':userId': userId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function isAdminSeatReleased(userId: string): Promise<boolean> {
  const released = (await readAdminCounter())?.uncountedAdmins;
  return released instanceof Set && released.has(userId);
}

/** The admin counter item (count, uncountedAdmins), read consistently; undefined before the first admin. */
async function readAdminCounter(): Promise<Record<string, unknown> | undefined> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.counter('ADMINS'), ConsistentRead: true }),
  );
  return result.Item;
}

/** Every admin's user id, from the roles listing (gsi1 `ROLE#admin`), page by page. */
export async function listAdminUserIds(): Promise<string[]> {
  const userIds: string[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.byGsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.rolesListingPartition('admin') },
    ProjectionExpression: 'userId',
  }))
    userIds.push(String(item.userId));
  return userIds;
}

/**
 * Account deletion, before the role item goes: an admin's seat is released once (releaseAdminSeat),
 * so a deletion run again after a crash, or racing a demotion, does not take it twice.
 */
export async function uncountAdminRoleOfDeletedAccount(userId: string): Promise<void> {
  if ((await getRole(userId)) === 'admin') await releaseAdminSeat(userId, { keepOne: false });
}

/** Once the role item no longer says admin (demoted, or deleted): the counter forgets the user (safe to repeat). */
export async function forgetUncountedAdmin(userId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter('ADMINS'),
      UpdateExpression: 'DELETE uncountedAdmins :user',
      ExpressionAttributeValues: { ':user': new Set([userId]) },
    }),
  );
}

/** The admin counter's value (0 before the first admin). */
export async function countAdmins(): Promise<number> {
  return Number((await readAdminCounter())?.count ?? 0);
}

/** A user as the admin listing shows them. */
export interface ListedUser {
  userId: string;
  username: string | null;
  role: Role;
  credits: CreditsRecord | null;
  createdAt: string;
}

/** One page of the profile listing (gsi1 `PROFILES`, by sign-up time): the raw profile items and where the next page starts. */
export async function pageOfProfiles(options: {
  newestFirst: boolean;
  limit: number;
  startKey: Record<string, unknown> | null;
}): Promise<{ profiles: Record<string, unknown>[]; lastKey: Record<string, unknown> | null }> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.profilesListingPartition },
      ScanIndexForward: !options.newestFirst,
      Limit: options.limit,
      ...(options.startKey ? { ExclusiveStartKey: options.startKey } : {}),
    }),
  );
  return { profiles: page.Items ?? [], lastKey: page.LastEvaluatedKey ?? null };
}

/** One page of every user, newest first, from the profiles listing (gsi1 `PROFILES`), with roles and balances. */
export async function listUsers(
  limit: number,
  startKey: Record<string, unknown> | null,
): Promise<{ users: ListedUser[]; lastKey: Record<string, unknown> | null }> {
  const page = await pageOfProfiles({ newestFirst: true, limit, startKey });
  const profiles = page.profiles;
  const details = new Map<string, Record<string, unknown>>();
  const wanted = profiles.flatMap((profile) => [
    keys.role(String(profile.userId)),
    keys.credits(String(profile.userId)),
  ]);
  for (const item of await batchGetItems(wanted)) details.set(`${item.pk}|${item.sk}`, item);
  return {
    users: profiles.map((profile) => {
      const role = details.get(`${keys.role(String(profile.userId)).pk}|ROLE`);
      const credits = details.get(`${keys.credits(String(profile.userId)).pk}|CREDITS`);
      return {
        userId: String(profile.userId),
        username: typeof profile.username === 'string' ? profile.username : null,
        role: role?.role === 'admin' ? 'admin' : 'user',
        credits: credits ? toCreditsRecord(String(profile.userId), credits) : null,
        createdAt: String(profile.createdAt),
      };
    }),
    lastKey: page.lastKey,
  };
}

/**
 * Creates the credits balance unless it exists, owing the ledger entry of its first free credits
 * (a pending grant, settled by the caller; see credits-repository).
 */
export async function createCreditsIfMissing(record: CreditsRecord, createdAt: string): Promise<void> {
  await putIfMissing({
    ...keys.credits(record.userId),
    ...keys.creditsByResetDate(record.lastRefreshDate, record.userId),
    type: itemTypes.credits,
    ...record,
    grantId: 'grant-initial',
    grantAmount: record.freeCredits,
    grantAt: createdAt,
  });
}

/**
 * A team workspace's balance: no free credits (those stay personal) and no daily refresh (it is not
 * listed by reset date), so it holds only what the team buys; made with the workspace.
 */
export async function createTeamCreditsIfMissing(workspaceId: string, createdAt: string): Promise<void> {
  await putIfMissing({
    ...keys.credits(workspaceId),
    type: itemTypes.credits,
    userId: workspaceId,
    freeCredits: 0,
    paidCredits: 0,
    usedCredits: 0,
    dailyAllowance: 0,
    lastRefreshDate: createdAt.slice(0, 10),
  });
}

/** Puts the item unless its key exists; true when this call created it. */
async function putIfMissing(item: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** The usernames of these users (null for a profile without one; absent when there is no profile). */
export async function getUsernames(userIds: string[]): Promise<Map<string, string | null>> {
  const profiles = await batchGetItems([...new Set(userIds)].map((userId) => keys.profile(userId)));
  return new Map(
    profiles.map((profile) => [String(profile.userId), typeof profile.username === 'string' ? profile.username : null]),
  );
}

/**
 * Sets (or, with null, removes) a user's display name on their profile; false when the user has no
 * profile (nothing is written: a bare item would stop the profile from being created).
 */
export async function setDisplayName(userId: string, displayName: string | null, now: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression:
          displayName === null
            ? 'SET displayNameUpdatedAt = :now REMOVE displayName'
            : 'SET displayName = :name, displayNameUpdatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now, ...(displayName === null ? {} : { ':name': displayName }) },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Sets the plug new threads start with on the user's profile; false when the user has no profile (nothing written). */
export async function setPlugDefault(userId: string, plugDefault: PlugChoice, now: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: 'SET plugDefault = :plug, plugDefaultUpdatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':plug': plugDefault, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** The plug the user's new threads start with (null when none is chosen: off). */
export async function getPlugDefault(userId: string): Promise<PlugChoice | null> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      ProjectionExpression: 'plugDefault',
      ConsistentRead: true,
    }),
  );
  return plugDefaultOf(result.Item?.plugDefault);
}

/** A user's display name (null when none is chosen or there is no profile). */
export async function getDisplayName(userId: string): Promise<string | null> {
  return (await getDisplayNames([userId])).get(userId) ?? null;
}

/**
 * The display names of these users, for the public pages (absent or null: none chosen). Only the
 * name is read (a projection), never the email the profile also holds.
 */
export async function getDisplayNames(userIds: string[]): Promise<Map<string, string | null>> {
  const profiles = await batchGetItems(
    [...new Set(userIds)].map((userId) => keys.profile(userId)),
    { attributes: ['userId', 'displayName'] },
  );
  return new Map(
    profiles.map((profile) => [
      String(profile.userId),
      typeof profile.displayName === 'string' ? profile.displayName : null,
    ]),
  );
}

import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';

export type Role = 'admin' | 'user';

export interface Profile {
  userId: string;
  email: string;
  username: string | null;
  createdAt: string;
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
}

export interface AccountRecords {
  profile: Profile | null;
  role: Role | null;
  credits: CreditsRecord | null;
}

/** Reads a user's profile, role and credits in one round trip. */
export async function getAccountRecords(userId: string): Promise<AccountRecords> {
  const result = await db.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: [keys.profile(userId), keys.role(userId), keys.credits(userId)], ConsistentRead: true },
      },
    }),
  );
  const items = result.Responses?.[tableName()] ?? [];
  const bySk = new Map(items.map((item) => [item.sk as string, item]));
  const profile = bySk.get('PROFILE');
  const role = bySk.get('ROLE');
  const credits = bySk.get('CREDITS');
  return {
    profile: profile
      ? {
          userId,
          email: profile.email,
          username: profile.username ?? null,
          createdAt: profile.createdAt,
        }
      : null,
    role: role ? (role.role as Role) : null,
    credits: credits ? toCreditsRecord(userId, credits) : null,
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
  };
}

/** Creates the profile unless it exists (safe to repeat). */
export async function createProfileIfMissing(profile: Profile): Promise<void> {
  await putIfMissing({
    ...keys.profile(profile.userId),
    ...keys.profileListing(profile.createdAt, profile.userId),
    type: 'profile',
    userId: profile.userId,
    email: profile.email,
    username: profile.username,
    createdAt: profile.createdAt,
  });
}

/** Creates the role item unless one exists (an admin's later change is never overwritten). */
export async function createRoleIfMissing(userId: string, role: Role, now: string): Promise<void> {
  await putIfMissing({
    ...keys.role(userId),
    ...keys.roleListing(role, userId),
    type: 'role',
    userId,
    role,
    updatedAt: now,
  });
}

/** Sets a user's role. */
export async function setRole(userId: string, role: Role, now: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.role(userId),
      UpdateExpression:
        'SET #role = :role, #type = :type, userId = :userId, updatedAt = :now, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
      ExpressionAttributeNames: { '#role': 'role', '#type': 'type' },
      ExpressionAttributeValues: {
        ':role': role,
        ':type': 'role',
        ':userId': userId,
        ':now': now,
        ':gsi1pk': keys.roleListing(role, userId).gsi1pk,
        ':gsi1sk': keys.roleListing(role, userId).gsi1sk,
      },
    }),
  );
}

/** Creates the credits balance unless it exists. */
export async function createCreditsIfMissing(record: CreditsRecord): Promise<void> {
  await putIfMissing({
    ...keys.credits(record.userId),
    ...keys.creditsByResetDate(record.lastRefreshDate, record.userId),
    type: 'credits',
    ...record,
  });
}

async function putIfMissing(item: Record<string, unknown>): Promise<void> {
  try {
    await db.send(
      new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

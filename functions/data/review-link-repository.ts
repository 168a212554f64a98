/**
 * Clients' review links, in the workspace's partition beside the thread's review: each names one
 * thread version and is found by the hash of its token (the token is only in the link sent). A link
 * is used once, revoked at once, and removed by TTL 30 days after it expired.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPlatform } from '#shared/platforms';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { db, getItemByGsi1, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

export interface ReviewLinkRecord {
  workspaceId: string;
  threadId: string;
  linkId: string;
  /** threadVersion of the posts when the link was made: the only version it shows and decides on. */
  version: string;
  /** The platforms the client sees the version on, as the editor chose them (empty on links made before the choice). */
  platforms: Platform[];
  /**
   * The accounts of each platform the client sees it posted as (ids of the workspace's connections);
   * absent on links made with platforms only (each platform shows as its first connected account).
   */
  accounts?: ChosenAccounts;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  usedAt: string | null;
  decision: 'approve' | 'request_changes' | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const accountsOf = (stored: Record<string, unknown>): ChosenAccounts =>
  Object.fromEntries(
    Object.entries(stored).flatMap(([platform, ids]) =>
      isPlatform(platform) && Array.isArray(ids) ? [[platform, ids.map(String)]] : [],
    ),
  );

function reviewLinkOf(item: Record<string, unknown>): ReviewLinkRecord {
  return {
    workspaceId: String(item.workspaceId),
    threadId: String(item.threadId),
    linkId: String(item.linkId),
    version: String(item.version),
    platforms: Array.isArray(item.platforms) ? item.platforms.filter(isPlatform) : [],
    ...(isRecord(item.accounts) ? { accounts: accountsOf(item.accounts) } : {}),
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    // `expiresAt` is the table's TTL attribute (epoch seconds); the link's own expiry is `validUntil`.
    expiresAt: String(item.validUntil),
    revokedAt: text(item.revokedAt),
    usedAt: text(item.usedAt),
    decision: (text(item.decision) as ReviewLinkRecord['decision']) ?? null,
  };
}

/** Stores a new link under the hash of its token. */
export async function putReviewLink(link: ReviewLinkRecord, tokenHash: string): Promise<void> {
  const { expiresAt, revokedAt: _revoked, usedAt: _used, decision: _decision, ...fields } = link;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.reviewLink(link.workspaceId, link.threadId, link.linkId),
        ...keys.reviewLinkByToken(tokenHash),
        type: itemTypes.reviewLink,
        ...fields,
        validUntil: expiresAt,
        // Kept a month past its expiry so the review panel still lists it as expired.
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(expiresAt) / 1000) + 30 * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A thread's links, oldest first (one Query of the workspace partition by the thread's prefix). */
export async function listReviewLinksOfThread(workspaceId: string, threadId: string): Promise<ReviewLinkRecord[]> {
  const links: ReviewLinkRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':prefix': keys.reviewLinksOfThreadPrefix(threadId),
    },
    ConsistentRead: true,
  }))
    links.push(reviewLinkOf(item));
  return links.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The link whose token has this hash (the index is read, then the item itself, consistently). */
export async function findReviewLinkByTokenHash(tokenHash: string): Promise<ReviewLinkRecord | null> {
  const item = await getItemByGsi1(indexes.reviewLinkByToken, keys.reviewLinkByToken(tokenHash).gsi1pk);
  return item ? reviewLinkOf(item) : null;
}

/**
 * Marks the link used with its decision, once: false when it was used already, revoked or expired
 * (one conditional UpdateItem, so two decisions sent at once never both count).
 */
export async function claimReviewLink(
  link: ReviewLinkRecord,
  decision: 'approve' | 'request_changes',
  now: Date,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.reviewLink(link.workspaceId, link.threadId, link.linkId),
        UpdateExpression: 'SET usedAt = :now, decision = :decision',
        ConditionExpression:
          'attribute_exists(pk) AND validUntil > :now AND attribute_not_exists(usedAt) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':decision': decision },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Revokes one of a thread's links (kept, so the panel lists it revoked); false when there is no such link or it was revoked already. */
export async function revokeReviewLink(
  workspaceId: string,
  threadId: string,
  linkId: string,
  now: Date,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.reviewLink(workspaceId, threadId, linkId),
        UpdateExpression: 'SET revokedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

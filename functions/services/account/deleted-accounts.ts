import { isTeamWorkspaceId, type WorkspaceAccess } from '#shared/workspaces/roles';
import { findAccountTombstone, findAccountTombstoneWithItems } from '../../data/account-deletion-repository';
import { keys } from '../../data/keys';
import { membershipOf } from '../../data/workspace-repository';
import type { ItemRead } from '../../lib/account-checked-read';
import { AccountDeletedError } from '../../lib/errors';
import type { WorkspaceScope } from '../../lib/http-handler';
import { logger } from '../../lib/logger';
import { accessFrom } from '../workspaces/workspace-access';

/**
 * Refuses a deleted account (401 `account_deleted`) before its request does anything: the gateway
 * checks only a token's signature and expiry, so a token issued before the deletion still passes
 * there. One consistent GetItem of the account's tombstone. `resumesDeletion` (DELETE /api/me only)
 * lets a deletion that has not finished be run again to its end.
 */
export async function refuseDeletedAccount(userId: string, now: Date, resumesDeletion = false): Promise<void> {
  const tombstone = await findAccountTombstone(userId, now);
  if (tombstone && !(resumesDeletion && !tombstone.finishedAt)) throw new AccountDeletedError();
}

/**
 * The same refusal, made in one consistent BatchGetItem with the item the route reads first (one
 * round trip for both); the item's value once the account passed.
 */
export async function readItemCheckingAccount<T>(userId: string, now: Date, read: ItemRead<T>): Promise<T> {
  const { tombstone, items } = await findAccountTombstoneWithItems(userId, now, [read.item]);
  if (tombstone) throw new AccountDeletedError();
  return read.parse(items[0]);
}

/**
 * The same refusal and the caller's access to a workspace, in one consistent BatchGetItem with the
 * caller's membership item (a team workspace's; a personal one is its user's alone) and the route's
 * first item.
 */
export async function readWorkspaceCheckingAccount<T>(
  userId: string,
  now: Date,
  scope: WorkspaceScope,
  read?: ItemRead<T>,
): Promise<{ access: WorkspaceAccess; value: T | undefined }> {
  const team = isTeamWorkspaceId(scope.workspaceId);
  const memberKey = keys.workspaceMember(scope.workspaceId, userId);
  const { tombstone, items } = await findAccountTombstoneWithItems(userId, now, [
    ...(read ? [read.item] : []),
    ...(team ? [memberKey] : []),
  ]);
  if (tombstone) throw new AccountDeletedError();
  const membership = team ? items[read ? 1 : 0] : undefined;
  const access = accessFrom(scope.workspaceId, userId, membership ? membershipOf(membership) : null, scope.permission);
  return { access, value: read ? read.parse(items[0]) : undefined };
}

/**
 * Whether a queue message acts for a deleted account, in which case its worker drops it (logged,
 * nothing written, nothing posted): the message was sent before the deletion, or while it ran.
 */
export async function isMessageOfDeletedAccount(
  message: { userId: string },
  queue: 'generation' | 'publishing',
  now: Date,
): Promise<boolean> {
  if (!(await findAccountTombstone(message.userId, now))) return false;
  logger.warn('queue message of a deleted account dropped', { queue, userId: message.userId });
  return true;
}

import { apiErrorMessages } from '#shared/messages/api-errors';
import { workspaceMessages } from '#shared/messages/workspaces';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import {
  deleteUserItems,
  deleteUserItemsExcept,
  finishAccountTombstone,
  layAccountTombstone,
} from '../../data/account-deletion-repository';
import { forgetUncountedAdmin, uncountAdminRoleOfDeletedAccount } from '../../data/account-repository';
import { deleteApiKeysOfWorkspace } from '../../data/api-key-repository';
import { keys, singletonSortKeys } from '../../data/keys';
import { detachFulfilmentsFromUser } from '../../data/payments-repository';
import {
  listMembers,
  listMembershipsOfUser,
  type MembershipRecord,
  removeMember,
} from '../../data/workspace-repository';
import { deleteAuthUser } from '../../lib/aws/cognito';
import { ConflictError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { LONGEST_TOKEN_LIFETIME_SECONDS } from '../../lib/token-lifetimes';
import { deleteAllMediaFilesOfUser } from '../media/media';

/**
 * What goes, in this order: the ledger and balance first, the role and the profile last (then the
 * sign-in user), each a sort-key prefix of the user's partition; `null`: every other item of the
 * partition but the role and the profile, whatever its kind (feeds and inbox, readings and insights,
 * public pages, plugs, kept extractions, rate budgets, and kinds added later).
 */
const DELETION_ORDER: Array<{ what: string; prefix: string | null }> = [
  { what: 'credit transactions', prefix: keys.creditTransactionPrefix },
  { what: 'credits', prefix: singletonSortKeys.credits },
  { what: 'platform connections', prefix: keys.platformConnectionPrefix },
  { what: 'publishing progress', prefix: keys.publishRunPrefix },
  { what: 'scheduled publishes', prefix: keys.scheduledItemPrefix },
  { what: 'queue slot claims', prefix: keys.queueSlotClaimPrefix },
  { what: 'posting queue', prefix: singletonSortKeys.postingQueue },
  { what: 'threads', prefix: keys.threadPrefix },
  { what: 'pictures', prefix: keys.mediaPrefix },
  { what: 'picture storage total', prefix: singletonSortKeys.mediaUsage },
  { what: 'generation jobs', prefix: keys.generationJobPrefix },
  { what: 'security events', prefix: keys.securityEventPrefix },
  { what: 'pending OAuth states', prefix: keys.oauthStatePrefix },
  { what: 'local test checkouts', prefix: keys.testCheckoutSessionPrefix },
  { what: 'everything else of the account', prefix: null },
  { what: 'role', prefix: singletonSortKeys.role },
  { what: 'profile', prefix: singletonSortKeys.profile },
];

/**
 * Deletes everything a user or a team workspace owns (its partition, its cloud schedules, its picture
 * files), in the spec's order; the role and the profile (a user's) last. Idempotent.
 */
export async function deleteOwnerData(ownerId: string, now: Date, hooks: AccountDeletionHooks): Promise<void> {
  const step = (what: string, count: number) =>
    isTeamWorkspaceId(ownerId)
      ? logger.info('workspace deletion step', { workspaceId: ownerId, what, deleted: count })
      : logger.info('account deletion step', { userId: ownerId, what, deleted: count });
  // First, while the balance still exists: a paid session delivered again later must find its
  // fulfilment detached from the account, and so add nothing (and recreate nothing).
  const detached = await detachFulfilmentsFromUser(ownerId, now.toISOString());
  step('checkout fulfilments detached', detached);
  // Outside the partition, found by their listing: gone first, so no program acts in a workspace being emptied.
  const apiKeys = await deleteApiKeysOfWorkspace(ownerId);
  step('API keys deleted', apiKeys);
  // While the items still list them: a schedule left behind would only find the tombstone, but costs a fire.
  const schedules = await hooks.deleteSchedulesOfAccount(ownerId);
  step('cloud schedules deleted', schedules);
  // The files before their records: a crash in between leaves records a rerun deletes, never files without one.
  const files = await deleteAllMediaFilesOfUser(ownerId);
  step('picture files deleted', files);
  for (const { what, prefix } of DELETION_ORDER) {
    if (prefix === singletonSortKeys.role) await uncountAdminRoleOfDeletedAccount(ownerId);
    const deleted =
      prefix === null
        ? await deleteUserItemsExcept(ownerId, [singletonSortKeys.role, singletonSortKeys.profile])
        : await deleteUserItems(ownerId, prefix);
    step(what, deleted);
  }
}

/**
 * The team workspaces of an account being deleted: those it alone belongs to are deleted with it,
 * the others it leaves. Refused (409 `last_owner`, before anything is deleted) while it is the last
 * owner of a team with other members: they would be left without an owner.
 */
async function teamsOnAccountDeletion(userId: string): Promise<{ deleted: string[]; left: MembershipRecord[] }> {
  const teams = (await listMembershipsOfUser(userId)).filter((membership) => !membership.personal);
  const deleted: string[] = [];
  const left: MembershipRecord[] = [];
  for (const membership of teams) {
    const members = membership.role === 'owner' ? await listMembers(membership.workspaceId) : [];
    const owners = members.filter((member) => member.role === 'owner');
    if (membership.role === 'owner' && members.length === 1) deleted.push(membership.workspaceId);
    else if (membership.role === 'owner' && owners.length === 1)
      throw new ConflictError(workspaceMessages.lastOwnerOfTeam(membership.workspaceName), 'last_owner');
    else left.push(membership);
  }
  return { deleted, left };
}

/** Until when a tombstone must hold: every token the account was issued by `at` has expired then. */
export function tombstoneExpiry(at: Date): Date {
  return new Date(at.getTime() + LONGEST_TOKEN_LIFETIME_SECONDS * 1000);
}

/**
 * What deleting an account does in an area above this one (scheduling), passed in by the caller so
 * that account never imports it: the cloud schedules of the account's upcoming items deleted, and
 * how many there were.
 */
export interface AccountDeletionHooks {
  deleteSchedulesOfAccount(userId: string): Promise<number>;
}

/**
 * Deletes a user's account: every item of theirs, in the spec's order, then the sign-in identity
 * (its sessions revoked first). The tombstone laid first refuses the account's tokens from then on,
 * so nothing recreates or adds to the account midway or after; every step is idempotent, so a run
 * that crashed can be run again to the end (the one request a tombstoned token may still make).
 */
export async function deleteAccount(
  caller: { userId: string; username: string; email: string },
  confirmEmail: string,
  now: Date,
  hooks: AccountDeletionHooks,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== caller.email.toLowerCase()) {
    throw new ValidationError(apiErrorMessages.email_mismatch, 'email_mismatch');
  }
  const teams = await teamsOnAccountDeletion(caller.userId);
  await layAccountTombstone(caller.userId, now, tombstoneExpiry(now));
  for (const workspaceId of teams.deleted) await deleteOwnerData(workspaceId, now, hooks);
  for (const membership of teams.left) await removeMember(membership.workspaceId, caller.userId, membership.role);
  await deleteOwnerData(caller.userId, now, hooks);
  await forgetUncountedAdmin(caller.userId);
  await deleteAuthUser(caller.username);
  // Tokens could be issued until the sign-in identity went, so the tombstone counts from now.
  const finishedAt = new Date(Math.max(Date.now(), now.getTime()));
  await finishAccountTombstone(caller.userId, finishedAt, tombstoneExpiry(finishedAt));
}

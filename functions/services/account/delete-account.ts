import { apiErrorMessages } from '#shared/messages/api-errors';
import {
  deleteUserItems,
  deleteUserItemsExcept,
  finishAccountTombstone,
  layAccountTombstone,
} from '../../data/account-deletion-repository';
import { forgetUncountedAdmin, uncountAdminRoleOfDeletedAccount } from '../../data/account-repository';
import { keys, singletonSortKeys } from '../../data/keys';
import { detachFulfilmentsFromUser } from '../../data/payments-repository';
import { deleteAuthUser } from '../../lib/aws/cognito';
import { ValidationError } from '../../lib/errors';
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
  await layAccountTombstone(caller.userId, now, tombstoneExpiry(now));
  // First, while the balance still exists: a paid session delivered again later must find its
  // fulfilment detached from the account, and so add nothing (and recreate nothing).
  const detached = await detachFulfilmentsFromUser(caller.userId, now.toISOString());
  logger.info('account deletion step', { userId: caller.userId, what: 'checkout fulfilments detached', detached });
  // While the items still list them: a schedule left behind would only find the tombstone, but costs a fire.
  const schedules = await hooks.deleteSchedulesOfAccount(caller.userId);
  logger.info('account deletion step', { userId: caller.userId, what: 'cloud schedules deleted', schedules });
  // The files before their records: a crash in between leaves records a rerun deletes, never files without one.
  const files = await deleteAllMediaFilesOfUser(caller.userId);
  logger.info('account deletion step', { userId: caller.userId, what: 'picture files deleted', files });
  for (const step of DELETION_ORDER) {
    if (step.prefix === singletonSortKeys.role) await uncountAdminRoleOfDeletedAccount(caller.userId);
    const deleted =
      step.prefix === null
        ? await deleteUserItemsExcept(caller.userId, [singletonSortKeys.role, singletonSortKeys.profile])
        : await deleteUserItems(caller.userId, step.prefix);
    logger.info('account deletion step', { userId: caller.userId, what: step.what, deleted });
  }
  await forgetUncountedAdmin(caller.userId);
  await deleteAuthUser(caller.username);
  // Tokens could be issued until the sign-in identity went, so the tombstone counts from now.
  const finishedAt = new Date(Math.max(Date.now(), now.getTime()));
  await finishAccountTombstone(caller.userId, finishedAt, tombstoneExpiry(finishedAt));
}

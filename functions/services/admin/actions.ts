import { FREE_CREDITS_PER_DAY } from '#shared/credits';
import type { AdminActionRequest, AdminActionResponse } from '#shared/schemas/admin';
import { listAdminUserIds } from '../../data/account-repository';
import { setFreeCredits } from '../../data/credits-repository';
import { recordSecurityEvent } from '../../data/security-event-repository';
import type { AccessContext } from '../threads/thread-access';

/** secure-admin-action: runs one admin action and answers the message the Success toast shows. */
export function runAdminAction(context: AccessContext, request: AdminActionRequest): Promise<AdminActionResponse> {
  switch (request.action) {
    case 'refresh_admin_credits':
      return refreshAdminCredits(context);
  }
}

/**
 * refresh_admin_credits: every admin's free credits set to 100, each change with its ledger entry.
 * Admins are found through the roles listing (no Scan); an admin already at 100 gets no entry, so
 * running it again (or after a crash midway) only completes what is left.
 */
export async function refreshAdminCredits(context: AccessContext): Promise<AdminActionResponse> {
  const grantId = `admin-refresh-${context.now.toISOString()}`;
  const outcomes = { changed: 0, unchanged: 0, 'no-balance': 0 };
  for (const userId of await listAdminUserIds()) {
    outcomes[await setFreeCredits(userId, FREE_CREDITS_PER_DAY.admin, grantId, context.now)]++;
  }
  await recordSecurityEvent(
    context.userId,
    'admin_credits_refreshed',
    { ...outcomes, userAgent: context.userAgent, timestamp: context.now.toISOString() },
    context.now,
  );
  const admins = outcomes.changed + outcomes.unchanged;
  return {
    message: `Free credits set to ${FREE_CREDITS_PER_DAY.admin} for ${admins} ${admins === 1 ? 'admin' : 'admins'}.`,
  };
}

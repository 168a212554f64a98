import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { addUserToAdminGroup } from '../lib/aws/cognito';
import { jobHandler } from '../lib/job-handler';
import { ensureAccount } from '../services/account/accounts';

/**
 * Cognito post-confirmation trigger: creates the account's records and, for emails listed in
 * ADMIN_EMAILS, adds the user to the admin group. Safe to run twice.
 */
export const handler = jobHandler('post-confirmation', async (event: PostConfirmationTriggerEvent) => {
  const userId = event.request.userAttributes.sub;
  const email = event.request.userAttributes.email ?? '';
  if (!userId) throw new Error('post-confirmation event without a sub attribute');
  const account = await ensureAccount({ userId, email }, new Date());
  if (account.role === 'admin') await addUserToAdminGroup(event.userName, event.userPoolId);
  return event;
});

import { seededThread } from './seed-threads';

/** A user as sign-up left them before workspaces came (issue #41). */
export interface UserBeforeWorkspaces {
  userId: string;
  email: string;
}

/**
 * Writes a user as sign-up did before workspaces: role, profile (in the admin profile listing) and
 * balance with its first grant settled, by the account code's own repository functions, but no
 * personal workspace; then `threads` threads of theirs, put by the thread repository. User `index`
 * signed up `index` minutes after 2025-06-01, so the listing's order is theirs. Import the data
 * modules' environment first: they read it when loaded.
 */
export async function seedUserBeforeWorkspaces(
  userId: string,
  index: number,
  threads: number,
): Promise<UserBeforeWorkspaces> {
  const { createCreditsIfMissing, createProfileIfMissing, createRoleIfMissing } = await import(
    '../../functions/data/account-repository'
  );
  const { settlePendingGrant } = await import('../../functions/data/credits-repository');
  const { putThread } = await import('../../functions/data/thread-repository');
  const email = `${userId}@example.com`;
  const signedUpAt = new Date(Date.UTC(2025, 5, 1) + index * 60_000).toISOString();
  await createRoleIfMissing(userId, 'user', signedUpAt);
  await createProfileIfMissing({ userId, email, username: userId, createdAt: signedUpAt });
  await createCreditsIfMissing(
    {
      userId,
      freeCredits: 5,
      paidCredits: 0,
      usedCredits: 0,
      dailyAllowance: 5,
      lastRefreshDate: signedUpAt.slice(0, 10),
    },
    signedUpAt,
  );
  await settlePendingGrant(userId);
  for (let thread = 0; thread < threads; thread += 1) await putThread(seededThread(userId, thread));
  return { userId, email };
}

/** Every thread item of a user's partition, as stored (the proof a migration left them alone). */
export async function threadItemsOf(userId: string): Promise<Record<string, unknown>[]> {
  const { queryAllPages } = await import('../../functions/data/client');
  const { keys } = await import('../../functions/data/keys');
  const items: Record<string, unknown>[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.threadPrefix },
    ConsistentRead: true,
  }))
    items.push(item);
  return items;
}

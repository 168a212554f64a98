import { randomUUID } from 'node:crypto';
import type { Thread } from '../../shared/schemas/thread';
import type { startMastodonServer } from '../../tests/fakes/mastodon-server';
import { seededThread } from '../../tests/helpers/seed-threads';
import { inParallel } from './parallel';

/** One seeded thread with its completed Mastodon run: the statuses it made, in order. */
export interface SeededRun {
  thread: Thread;
  userId: string;
  threadId: string;
  runId: string;
  made: { id: string; url: null }[];
}

/**
 * Seeds `runs` threads (`perUser` a user) whose Mastodon runs completed at `completedAt`, each post a
 * status on the stand-in with the figures `figuresOf` gives it; every user connected to the stand-in.
 * Call once the stack has set the environment the data layer reads (the repositories are imported here).
 */
export async function seedCompletedMastodonRuns(
  mastodon: Awaited<ReturnType<typeof startMastodonServer>>,
  options: {
    runs: number;
    perUser: number;
    postsPerRun: number;
    concurrency: number;
    completedAt: string;
    figuresOf?: (position: number) => { favourites: number; reblogs: number; replies: number };
  },
): Promise<{ users: string[]; runs: SeededRun[] }> {
  const { putThread } = await import('../../functions/data/thread-repository');
  const { startFreshRun, finishPublishRun } = await import('../../functions/data/publish-run-repository');
  const { storeConnection } = await import('../../functions/services/connections/connections');
  const users = Array.from({ length: Math.ceil(options.runs / options.perUser) }, () => `bench-${randomUUID()}`);
  for (const userId of users) {
    const live = {
      platformUsername: `@alice@${mastodon.instance}`,
      credentials: { accessToken: mastodon.issueToken(['read', 'write']), refreshToken: null, expiresAt: null },
      connectionData: { instance: mastodon.instance, accountId: mastodon.account.id },
    };
    await storeConnection(userId, 'mastodon', live, new Date());
  }
  let nextId = 120_000_000_000_000_000n;
  const runs: SeededRun[] = Array.from({ length: options.runs }, (_, index) => {
    const thread = seededThread(users[Math.floor(index / options.perUser)]!, index % options.perUser);
    return { thread, userId: thread.userId, threadId: thread.id, runId: randomUUID(), made: [] };
  });
  await inParallel(runs, options.concurrency, async (seeded) => {
    const { thread, userId, threadId, runId } = seeded;
    await putThread(thread);
    seeded.made = Array.from({ length: options.postsPerRun }, (_, position) => {
      const id = String(nextId++);
      mastodon.addStatus({
        id,
        text: `post ${position}`,
        inReplyToId: null,
        accountId: mastodon.account.id,
        idempotencyKey: null,
      });
      if (options.figuresOf) mastodon.setFigures(id, options.figuresOf(position));
      return { id, url: null };
    });
    const run = {
      userId,
      threadId,
      platform: 'mastodon' as const,
      runId,
      status: 'pending' as const,
      posts: seeded.made.map((_, position) => `post ${position}`),
      made: seeded.made,
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt: options.completedAt,
      article: { url: thread.sourceUrl, title: thread.title },
      updatedAt: options.completedAt,
    };
    if (!(await startFreshRun(run))) throw new Error('run not started');
    await finishPublishRun(run, { status: 'completed', postUrl: null }, options.completedAt);
  });
  return { users, runs };
}

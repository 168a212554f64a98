import { afterAll, describe, expect, it } from 'vitest';
import type { Thread } from '#shared/schemas/thread';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const threads = await import('#functions/data/thread-repository');
const jobs = await import('#functions/data/generation-job-repository');
const deletion = await import('#functions/data/account-deletion-repository');
const credits = await import('#functions/data/credits-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const { recordSecurityEvent } = await import('#functions/data/security-event-repository');

afterAll(() => table.stop());

function sampleThread(userId: string, id: string): Thread {
  return {
    id,
    userId,
    title: 'How rivers shape cities',
    sourceUrl: 'https://example.com/rivers',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    posts: [
      { id: 'post-0', content: 'Rivers built our cities. #urbanism', charCount: 34 },
      {
        id: 'post-1',
        content: 'Thread created by localhost:3000. Read original article at: https://example.com/rivers',
        charCount: 84,
      },
    ],
    themes: ['urbanism'],
    tone: 'professional',
    isSensitiveContent: false,
    sensitiveCategories: [],
    sensitiveContentMessage: null,
    hallucination: { risk: 'low', reason: 'All facts found in the article.', contentRatio: 0.1 },
    articleSize: 1000,
    generatedSize: 118,
    postedToX: false,
    platformPosts: {},
  };
}

describe(`threads, jobs and account deletion on ${table.backend}`, () => {
  it('reads a thread only through its owner and tells the owner of an id', async () => {
    await threads.putThread(sampleThread('owner-1', '11111111-1111-4111-8111-111111111111'));
    expect((await threads.getThreadForUser('owner-1', '11111111-1111-4111-8111-111111111111'))?.title).toBe(
      'How rivers shape cities',
    );
    expect(await threads.getThreadForUser('intruder', '11111111-1111-4111-8111-111111111111')).toBeNull();
    expect(await threads.findThreadOwner('11111111-1111-4111-8111-111111111111')).toBe('owner-1');
    expect(await threads.findThreadOwner('22222222-2222-4222-8222-222222222222')).toBeNull();
  });

  it('updates only an existing thread of the caller', async () => {
    await threads.putThread(sampleThread('owner-2', '33333333-3333-4333-8333-333333333333'));
    const updated = await threads.updateThreadForUser(
      'owner-2',
      '33333333-3333-4333-8333-333333333333',
      { title: 'Rivers and cities' },
      '2026-03-02T00:00:00.000Z',
    );
    expect(updated).toMatchObject({ title: 'Rivers and cities', updatedAt: '2026-03-02T00:00:00.000Z' });
    expect(
      await threads.updateThreadForUser('someone-else', '33333333-3333-4333-8333-333333333333', { title: 'x' }, 'now'),
    ).toBeNull();
  });

  it('normalises legacy posts stored as plain strings', async () => {
    const { db, tableName } = await import('#functions/data/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#functions/data/keys');
    const legacy = { ...sampleThread('owner-3', 'legacy-1'), posts: ['First post', 'Second post'] };
    await db.send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.thread('owner-3', 'legacy-1'), ...legacy } }),
    );
    const thread = await threads.getThreadForUser('owner-3', 'legacy-1');
    expect(thread?.posts).toEqual([
      { id: 'post-0', content: 'First post', charCount: 10 },
      { id: 'post-1', content: 'Second post', charCount: 11 },
    ]);
  });

  it('ends a job once: a duplicate delivery after the end changes nothing', async () => {
    const job = await jobs.createJob({
      jobId: '44444444-4444-4444-8444-444444444444',
      userId: 'owner-4',
      url: 'https://example.com/a',
      tone: 'casual',
      threadId: '55555555-5555-4555-8555-555555555555',
      isNewThread: true,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(
      await jobs.startJobAttempt('owner-4', job.jobId, '2026-03-01T10:00:01.000Z', '2026-03-01T09:58:31.000Z'),
    ).toBe(true);
    // A second delivery while the first attempt runs does not start the job again…
    expect(
      await jobs.startJobAttempt('owner-4', job.jobId, '2026-03-01T10:00:02.000Z', '2026-03-01T09:58:32.000Z'),
    ).toBe(false);
    // …unless that attempt's claim is older than the worker's timeout (it died).
    expect(
      await jobs.startJobAttempt('owner-4', job.jobId, '2026-03-01T10:02:00.000Z', '2026-03-01T10:00:30.000Z'),
    ).toBe(true);
    await jobs.finishJob('owner-4', job.jobId, { status: 'succeeded' }, 'later');
    await jobs.finishJob(
      'owner-4',
      job.jobId,
      { status: 'failed', error: 'late', failureKind: 'internal', retryable: false },
      'latest',
    );
    expect(
      await jobs.startJobAttempt('owner-4', job.jobId, '2026-03-01T11:00:00.000Z', '2026-03-01T10:58:30.000Z'),
    ).toBe(false);
    expect(await jobs.getJob('owner-4', job.jobId)).toMatchObject({ status: 'succeeded', error: null, attempts: 2 });
    expect(await jobs.getJob('owner-5', job.jobId)).toBeNull();
  });

  it('deletes every item of a user, kind by kind, and can be run again', async () => {
    const identity = { userId: 'leaver', email: 'leaver@example.com' };
    await ensureAccount(identity, new Date('2026-03-01T10:00:00Z'));
    await threads.putThread(sampleThread('leaver', '66666666-6666-4666-8666-666666666666'));
    await credits.recordLedgerEntry({
      id: 'usage-x',
      userId: 'leaver',
      type: 'usage',
      amount: -1,
      description: 'Thread generated',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    await recordSecurityEvent('leaver', 'thread_access', { threadId: 'x' }, new Date());
    expect(await deletion.countUserItems('leaver')).toBeGreaterThanOrEqual(6);

    for (const prefix of ['TX#', 'CREDITS', 'THREAD#', 'SECURITY#', 'WORKSPACE', 'MEMBER#', 'ROLE', 'PROFILE']) {
      await deletion.deleteUserItems('leaver', prefix);
    }
    expect(await deletion.countUserItems('leaver')).toBe(0);
    expect(await threads.findThreadOwner('66666666-6666-4666-8666-666666666666')).toBeNull();
    await deletion.deleteUserItems('leaver', 'THREAD#');
    expect(await deletion.countUserItems('leaver')).toBe(0);
  });

  it('refuses to recreate a deleted account while its tombstone holds, and writes nothing for it', async () => {
    const identity = { userId: 'half-gone', email: 'half@example.com' };
    const expiresAt = new Date('2026-03-31T10:00:00Z');
    await deletion.layAccountTombstone(identity.userId, new Date('2026-03-01T10:00:00Z'), expiresAt);

    await expect(ensureAccount(identity, new Date('2026-03-31T09:59:59Z'))).rejects.toMatchObject({
      status: 401,
      code: 'account_deleted',
    });
    expect(await deletion.countUserItems(identity.userId)).toBe(0);
    // Past its expiry no token of the account can still be valid; dynalite has no TTL, the read compares.
    expect(await deletion.findAccountTombstone(identity.userId, expiresAt)).toBeNull();
    await expect(ensureAccount(identity, expiresAt)).resolves.toMatchObject({ role: 'user' });
  });
});

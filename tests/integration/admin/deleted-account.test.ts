import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramServer } from '../../fakes/telegram-server';
import { api, newUser, signIn, signUp } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';
import { makeThread } from '../../helpers/publishing-threads';

// A deleted account stays deleted, on the real local stack (cognito-local, the HTTP bridge, the same
// handlers): its tokens stay valid as far as signature and expiry go, yet every route refuses them
// and writes nothing, and the queue workers drop what was sent for the account before it went.

const TELEGRAM_TOKEN = '123456:TEST-token';
const CHAT = { id: '-1001', title: 'Curated Reads', username: 'curatedreads' };
const telegram = await startTelegramServer({ token: TELEGRAM_TOKEN, botUsername: 'snipbot', chats: [CHAT] });
let stack: StartedStack;

beforeAll(async () => {
  stack = await startStack({ env: { TELEGRAM_API_URL: telegram.url } });
  // The workers run in this process on the stack's table, token key and Telegram, as the stack runs them.
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    APP_PUBLIC_URL: stack.url,
    TOKEN_KEY_FILE: path.join(stack.dataDir, 'token-key'),
    TELEGRAM_API_URL: telegram.url,
  });
});
afterAll(async () => {
  await stack?.cleanup();
  await telegram.close();
});

const repositories = async () => ({
  deletion: await import('#functions/data/account-deletion-repository'),
  jobs: await import('#functions/data/generation-job-repository'),
  runs: await import('#functions/data/publish-run-repository'),
  threads: await import('#functions/data/thread-repository'),
});

/** A signed-up user with their account records made by a first GET /api/me. */
async function signedUpUser(prefix: string) {
  const user = await newUser(stack.url, prefix);
  const me = await api(stack.url, '/api/me', { token: user.tokens.idToken });
  expect(me.status).toBe(200);
  return { ...user, token: user.tokens.idToken, userId: me.body.userId as string };
}

function connectTelegram(token: string) {
  return api(stack.url, '/api/connections/telegram', {
    token,
    method: 'POST',
    body: { botToken: TELEGRAM_TOKEN, chatId: CHAT.id },
  });
}

/** Delivers one message to a queue worker as Lambda's event source would; answers the failed ids. */
async function deliver(worker: 'generation' | 'publishing', body: unknown): Promise<string[]> {
  const { handler } =
    worker === 'generation'
      ? await import('#functions/queue/generation-worker')
      : await import('#functions/queue/publishing-worker');
  const record = {
    messageId: randomUUID(),
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: '1' },
    messageAttributes: {},
  } as unknown as SQSRecord;
  const answer = await handler({ Records: [record] } as SQSEvent, {} as Context);
  return (answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
}

const deletedAccountError = { error: 'This account has been deleted.', code: 'account_deleted' };

describe('a deleted account stays deleted', () => {
  it('refuses every later use of its tokens with 401 account_deleted and writes nothing; the email can sign up anew', async () => {
    const { deletion } = await repositories();
    const leaver = await signedUpUser('leaver');
    expect((await connectTelegram(leaver.token)).status).toBe(200);

    const deleted = await api(stack.url, '/api/me', {
      token: leaver.token,
      method: 'DELETE',
      body: { confirmEmail: leaver.email },
    });
    expect(deleted.status).toBe(204);
    expect(await deletion.countUserItems(leaver.userId)).toBe(0);

    const replays = [
      await api(stack.url, '/api/me', { token: leaver.token }),
      await api(stack.url, '/api/me/is-admin', { token: leaver.token }),
      await api(stack.url, '/api/generation-jobs', {
        token: leaver.token,
        method: 'POST',
        body: { url: `${stack.url}/samples/harbour.html`, tone: 'professional' },
      }),
      await connectTelegram(leaver.token),
      await api(stack.url, `/api/threads/${randomUUID()}/publish`, {
        token: leaver.token,
        method: 'POST',
        body: { platforms: ['telegram'], origin: 'panel' },
      }),
      await api(stack.url, '/api/credits/transactions', { token: leaver.token }),
      // A finished deletion is not run again either.
      await api(stack.url, '/api/me', { token: leaver.token, method: 'DELETE', body: { confirmEmail: leaver.email } }),
    ];
    for (const replay of replays) expect(replay).toEqual({ status: 401, body: deletedAccountError });
    expect(await deletion.countUserItems(leaver.userId)).toBe(0);
    // Nor can the old session get new tokens.
    await expect(signIn(stack.url, leaver.email, leaver.password)).rejects.toThrow();

    await signUp(stack.url, leaver.email, leaver.password);
    const again = await signIn(stack.url, leaver.email, leaver.password);
    const fresh = await api(stack.url, '/api/me', { token: again.idToken });
    expect(fresh.status).toBe(200);
    expect(fresh.body.userId).not.toBe(leaver.userId);
    expect(fresh.body.credits).toMatchObject({ freeCredits: 5, paidCredits: 0, usedCredits: 0 });
    expect(await deletion.countUserItems(leaver.userId)).toBe(0);
  });

  it('refuses the history page and the thread detail of a deleted account with 401, returning and recording nothing', async () => {
    const { deletion, threads } = await repositories();
    const { securityEventDetails } = await import('../../helpers/security-events');
    const stays = await signedUpUser('stays-reading');
    const leaving = await signedUpUser('leaving-reading');
    const kept = makeThread(stays.userId, ['A thread its owner still reads.']);
    const theirs = makeThread(leaving.userId, ['A thread whose owner is leaving.']);
    await threads.putThread(kept);
    await threads.putThread(theirs);

    // A live account reads both pages, each reading recorded as the spec asks.
    const page = await api(stack.url, '/api/threads', { token: stays.token });
    expect(page.status).toBe(200);
    expect(page.body.threads).toEqual([
      expect.objectContaining({ id: kept.id, postCount: 2, preview: 'A thread its owner still reads.', posted: false }),
    ]);
    expect(page.body.threads[0]).not.toHaveProperty('posts');
    const detail = await api(stack.url, `/api/threads/${kept.id}`, { token: stays.token });
    expect(detail.status).toBe(200);
    expect(detail.body.posts[0].content).toBe('A thread its owner still reads.');
    expect(await securityEventDetails(stays.userId, 'thread_access')).toEqual([expect.objectContaining({ count: 1 })]);
    expect(await securityEventDetails(stays.userId, 'thread_detail_access')).toEqual([
      expect.objectContaining({ threadId: kept.id }),
    ]);

    // The deletion has begun (its tombstone is laid first); the thread is still in the table.
    const now = new Date();
    await deletion.layAccountTombstone(leaving.userId, now, new Date(now.getTime() + 3_600_000));
    const before = await deletion.countUserItems(leaving.userId);

    const replays = [
      await api(stack.url, '/api/threads', { token: leaving.token }),
      await api(stack.url, '/api/threads?sort=title&order=asc', { token: leaving.token }),
      await api(stack.url, `/api/threads/${theirs.id}`, { token: leaving.token }),
      await api(stack.url, `/api/threads/${theirs.id}?purpose=restore`, { token: leaving.token }),
      // Input it would refuse with a 400 is still answered 401 first, as on every route.
      await api(stack.url, '/api/threads?cursor=not-a-cursor', { token: leaving.token }),
      await api(stack.url, `/api/threads/${theirs.id}?purpose=peek`, { token: leaving.token }),
    ];
    for (const replay of replays) expect(replay).toEqual({ status: 401, body: deletedAccountError });
    expect(await deletion.countUserItems(leaving.userId)).toBe(before);
    expect(await threads.getThreadForUser(leaving.userId, theirs.id)).not.toBeNull();
  });

  it('drops a generation message of a deleted account: no thread, no charge, no retry', async () => {
    const { deletion, jobs, threads } = await repositories();
    const gone = await signedUpUser('gone-generating');
    const job = await jobs.createJob({
      jobId: randomUUID(),
      userId: gone.userId,
      url: `${stack.url}/samples/harbour.html`,
      tone: 'professional',
      threadId: randomUUID(),
      isNewThread: true,
      createdAt: new Date().toISOString(),
    });
    // The message was queued before the deletion, which has begun (its tombstone is laid first).
    const now = new Date();
    await deletion.layAccountTombstone(gone.userId, now, new Date(now.getTime() + 3_600_000));
    const before = await deletion.countUserItems(gone.userId);

    expect(await deliver('generation', { userId: gone.userId, jobId: job.jobId })).toEqual([]);

    expect(await jobs.getJob(gone.userId, job.jobId)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await threads.getThreadForUser(gone.userId, job.threadId)).toBeNull();
    expect(await deletion.countUserItems(gone.userId)).toBe(before);
    expect((await api(stack.url, '/api/me', { token: gone.token })).body).toEqual(deletedAccountError);

    // Once the deletion has run, the job is gone too: the message is still dropped, not retried into the DLQ.
    expect(
      (await api(stack.url, '/api/me', { token: gone.token, method: 'DELETE', body: { confirmEmail: gone.email } }))
        .status,
    ).toBe(204);
    expect(await deliver('generation', { userId: gone.userId, jobId: job.jobId })).toEqual([]);
    expect(await deletion.countUserItems(gone.userId)).toBe(0);
  });

  it('drops a publishing message of a deleted account: nothing posted, nothing written', async () => {
    const { deletion, runs, threads } = await repositories();
    const gone = await signedUpUser('gone-publishing');
    expect((await connectTelegram(gone.token)).status).toBe(200);
    const thread = makeThread(gone.userId, ['A post that must never reach the channel.']);
    await threads.putThread(thread);
    const runId = randomUUID();
    const startedAt = new Date().toISOString();
    await runs.startFreshRun({
      userId: gone.userId,
      threadId: thread.id,
      platform: 'telegram',
      runId,
      status: 'pending',
      posts: thread.posts.map((post) => post.content),
      article: null,
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt,
      updatedAt: startedAt,
    });
    const now = new Date();
    await deletion.layAccountTombstone(gone.userId, now, new Date(now.getTime() + 3_600_000));
    const sentBefore = telegram.messages.length;

    const failed = await deliver('publishing', {
      userId: gone.userId,
      threadId: thread.id,
      platform: 'telegram',
      runId,
      article: { url: thread.sourceUrl, title: thread.title },
    });

    expect(failed).toEqual([]);
    expect(telegram.messages.length).toBe(sentBefore);
    expect(await runs.getPublishRun(gone.userId, thread.id, 'telegram')).toMatchObject({ status: 'pending', made: [] });
  });
});

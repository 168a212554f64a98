import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { articlePage } from '../../helpers/article-server';
import { expectAnswerMatchesContract, startPublicApiBridge } from '../../helpers/public-api-client';
import { startGenerationQueue } from '../../helpers/queue-harness';
import { seededThread } from '../../helpers/seed-threads';

// The /v1 thread routes as a program calls them (an API key, through the bridge running the key
// authorizer), answered by the same services as the app's /api twins: the generation queue is polled
// by the real worker, so a created thread is drafted and charged as the app's Generate is.
const pipeline = await startGenerationQueue(
  '/lighthouse',
  articlePage({
    title: 'The last lighthouse keeper',
    paragraphs: Array.from(
      { length: 6 },
      (_, index) =>
        `Watch ${index + 1}: the keeper climbed the hundred and twelve steps at dusk, trimmed the wick, wound the clockwork that turned the lens, and logged the weather and every passing ship in a ledger the coastguard still keeps.`,
    ),
  }),
);
// Polling a job counts against the key's budget too: room for it here (the limit has its own test).
process.env.API_KEY_REQUESTS_PER_MINUTE = '1000';
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const bridge = await startPublicApiBridge();
const { newUser, app, v1, createKey } = bridge;

afterAll(async () => {
  await bridge.close();
  await pipeline.stop();
});

/** A user with a key of the given scopes, and the app's view of their account (made by the key's creation). */
async function keyholder(scopes: Parameters<typeof createKey>[1]) {
  const user = await newUser();
  const { secret } = await createKey(user.token, scopes);
  return { ...user, secret };
}

async function seedThread(ownerId: string) {
  const thread = seededThread(ownerId, bridge.counter);
  await putThread(thread);
  return thread;
}

async function settledJob(statusUrl: string, secret: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const job = await v1(statusUrl, secret);
    if (job.body.status === 'succeeded' || job.body.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /v1/threads (a thread from a URL, as a job)', () => {
  it('answers 202 with the job and its status URL, drafts the thread, and with the same Idempotency-Key makes one job and spends one credit', async () => {
    const curator = await keyholder(['threads:write', 'read']);
    const create = { method: 'POST', body: { url: pipeline.articleUrl }, headers: { 'Idempotency-Key': randomUUID() } };

    const first = await v1('/v1/threads', curator.secret, create);
    const retry = await v1('/v1/threads', curator.secret, create);
    const done = await settledJob(first.body.statusUrl, curator.secret);
    const account = await app(curator.token, 'GET', '/api/me');
    const ledger = await app(curator.token, 'GET', '/api/credits/transactions');

    expectAnswerMatchesContract('POST /v1/threads', first);
    expectAnswerMatchesContract('GET /v1/jobs/{jobId}', done);
    expect(first.body).toMatchObject({ status: 'queued', url: pipeline.articleUrl, isNewThread: true });
    expect(first.body.statusUrl).toBe(`/v1/jobs/${first.body.jobId}`);
    expect(first.headers.get('location')).toBe(first.body.statusUrl);
    expect(retry.status).toBe(202);
    expect(retry.body.jobId).toBe(first.body.jobId);
    expect(done.body).toMatchObject({ status: 'succeeded', jobId: first.body.jobId, statusUrl: first.body.statusUrl });
    expect(done.body.thread.id).toBe(first.body.threadId);
    expect(account.body.credits.availableCredits).toBe(4);
    expect(ledger.body.transactions.filter((entry: { type: string }) => entry.type === 'usage')).toHaveLength(1);
  });

  it('refuses a bad body or Idempotency-Key with 400 JSON, a key without threads:write with 403, and spends nothing', async () => {
    const curator = await keyholder(['threads:write']);
    const reader = await keyholder(['read']);

    const badUrl = await v1('/v1/threads', curator.secret, { method: 'POST', body: { url: 'not a url' } });
    const badJson = await v1('/v1/threads', curator.secret, { method: 'POST', body: '{"url":' });
    const badKey = await v1('/v1/threads', curator.secret, {
      method: 'POST',
      body: { url: pipeline.articleUrl },
      headers: { 'Idempotency-Key': 'short' },
    });
    const readOnly = await v1('/v1/threads', reader.secret, { method: 'POST', body: { url: pipeline.articleUrl } });
    const account = await app(curator.token, 'GET', '/api/me');

    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('url') });
    expect(badJson).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toContain('Idempotency-Key');
    expect(readOnly).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
    expect(account.body.credits.availableCredits).toBe(5);
  });

  it("answers another workspace's job as the app answers it", async () => {
    const owner = await keyholder(['threads:write', 'read']);
    const stranger = await keyholder(['read']);
    const created = await v1('/v1/threads', owner.secret, { method: 'POST', body: { url: pipeline.articleUrl } });

    const byKey = await v1(created.body.statusUrl, stranger.secret);
    const byToken = await app(stranger.token, 'GET', `/api/generation-jobs/${created.body.jobId}`);
    const malformed = await v1('/v1/jobs/not-a-job', stranger.secret);

    expect(byKey.status).toBe(404);
    expect(byKey.body).toEqual(byToken.body);
    expect(malformed.status).toBe(400);
    await settledJob(created.body.statusUrl, owner.secret);
  });
});

describe('PATCH and DELETE /v1/threads/{threadId}', () => {
  it('saves edited posts as the app saves them, refuses a bad body, a read key and another workspace’s thread', async () => {
    const curator = await keyholder(['threads:write']);
    const reader = await keyholder(['read']);
    const stranger = await keyholder(['threads:write']);
    const thread = await seedThread(curator.userId);
    const edited = thread.posts.map((post, index) => ({
      id: post.id,
      content: index === 0 ? 'A sharper opening post.' : post.content,
    }));

    const saved = await v1(`/v1/threads/${thread.id}`, curator.secret, { method: 'PATCH', body: { posts: edited } });
    const bad = await v1(`/v1/threads/${thread.id}`, curator.secret, {
      method: 'PATCH',
      body: { posts: 'all of them' },
    });
    const readOnly = await v1(`/v1/threads/${thread.id}`, reader.secret, { method: 'PATCH', body: { posts: edited } });
    const byKey = await v1(`/v1/threads/${thread.id}`, stranger.secret, { method: 'PATCH', body: { posts: edited } });
    const byToken = await app(stranger.token, 'PUT', `/api/threads/${thread.id}`, { posts: edited });

    expectAnswerMatchesContract('PATCH /v1/threads/{threadId}', saved);
    expect(saved.body.posts[0].content).toBe('A sharper opening post.');
    expect((await getThreadForUser(curator.userId, thread.id))?.posts[0]?.content).toBe('A sharper opening post.');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('posts');
    expect(readOnly).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
    expect(byKey.status).toBe(byToken.status);
    expect(byKey.status).toBeGreaterThanOrEqual(403);
    expect(byKey.body).toEqual(byToken.body);
  });

  it('deletes a thread for good, and answers another workspace’s thread and an unknown id as the app does', async () => {
    const curator = await keyholder(['threads:write', 'read']);
    const reader = await keyholder(['read']);
    const stranger = await keyholder(['threads:write']);
    const thread = await seedThread(curator.userId);

    const readOnly = await v1(`/v1/threads/${thread.id}`, reader.secret, { method: 'DELETE' });
    const byKey = await v1(`/v1/threads/${thread.id}`, stranger.secret, { method: 'DELETE' });
    const byToken = await app(stranger.token, 'DELETE', `/api/threads/${thread.id}`);
    const unknown = await v1(`/v1/threads/${randomUUID()}`, curator.secret, { method: 'DELETE' });
    const deleted = await v1(`/v1/threads/${thread.id}`, curator.secret, { method: 'DELETE' });
    const after = await v1(`/v1/threads/${thread.id}`, curator.secret);

    expect(readOnly).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
    expect(byKey.status).toBe(byToken.status);
    expect(byKey.status).toBeGreaterThanOrEqual(403);
    expect(byKey.body).toEqual(byToken.body);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'thread_not_found' } });
    expectAnswerMatchesContract('DELETE /v1/threads/{threadId}', deleted);
    expect(after).toMatchObject({ status: 404, body: { code: 'thread_not_found' } });
  });
});

describe('the read routes of /v1 answer what their /api twins answer', () => {
  const reads = [
    { route: 'GET /v1/scheduled', v1: '/v1/scheduled', app: '/api/scheduled', bad: '/v1/scheduled?view=someday' },
    { route: 'GET /v1/insights', v1: '/v1/insights?days=30', app: '/api/insights?days=30', bad: '/v1/insights?days=5' },
    { route: 'GET /v1/inbox', v1: '/v1/inbox', app: '/api/inbox', bad: '/v1/inbox?limit=lots' },
    { route: 'GET /v1/feeds', v1: '/v1/feeds', app: '/api/feeds', bad: null },
    { route: 'GET /v1/connections', v1: '/v1/connections', app: '/api/connections', bad: null },
  ];

  it.each(reads)(
    '$v1: the same answer with a read key, 400 for a bad query, 403 without the read scope',
    async (route) => {
      const curator = await keyholder(['read']);
      const writer = await keyholder(['threads:write', 'publish']);

      const byKey = await v1(route.v1, curator.secret);
      const byToken = await app(curator.token, 'GET', route.app);
      const wrongScope = await v1(route.v1, writer.secret);

      expect(byKey.status).toBe(200);
      expect(byKey.body).toEqual(byToken.body);
      expect(wrongScope).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
      if (route.bad) {
        const bad = await v1(route.bad, curator.secret);
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('query') });
      }
    },
  );

  it("GET /v1/threads/{threadId}/performance: the thread's figures, another workspace's thread as the app answers", async () => {
    const curator = await keyholder(['read']);
    const stranger = await keyholder(['read']);
    const writer = await keyholder(['threads:write']);
    const thread = await seedThread(curator.userId);

    const byKey = await v1(`/v1/threads/${thread.id}/performance`, curator.secret);
    const byToken = await app(curator.token, 'GET', `/api/threads/${thread.id}/performance`);
    const foreign = await v1(`/v1/threads/${thread.id}/performance`, stranger.secret);
    const foreignByToken = await app(stranger.token, 'GET', `/api/threads/${thread.id}/performance`);
    const unknown = await v1(`/v1/threads/${randomUUID()}/performance`, curator.secret);
    const wrongScope = await v1(`/v1/threads/${thread.id}/performance`, writer.secret);

    expectAnswerMatchesContract('GET /v1/threads/{threadId}/performance', byKey);
    expect(byKey.body).toEqual(byToken.body);
    expect(byKey.body.threadId).toBe(thread.id);
    expect(foreign.status).toBe(foreignByToken.status);
    expect(foreign.status).toBeGreaterThanOrEqual(403);
    expect(foreign.body).toEqual(foreignByToken.body);
    expect(unknown.status).toBe(404);
    expect(wrongScope).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';
import { api, connectMastodon, newUser, signIn } from '../../helpers/auth-client';
import { waitForJob } from '../../helpers/jobs';
import { type StartedStack, startStack } from '../../helpers/local-stack';

const paragraphs = (topic: string) =>
  [1, 2, 3, 4, 5, 6].map(
    (n) =>
      `Finding ${n} about ${topic}: the survey counted ${n * 40} sites across the county in ${2010 + n}, and researcher Ana Silva said the pattern held in every district she visited.`,
  );

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('a crash of the local stack mid-publish and mid-generation', () => {
  let articles: ArticleServer;
  let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-crash-'));
  const stacks: StartedStack[] = [];
  const start = async () => {
    const stack = await startStack({
      dataDir,
      ownProcessGroup: true,
      env: { ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${mastodon.instance}` },
    });
    stacks.push(stack);
    return stack;
  };

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/harbour', articlePage({ title: 'The harbour survey', paragraphs: paragraphs('harbours') }));
    articles.page('/tides', articlePage({ title: 'The tide survey', paragraphs: paragraphs('tides') }));
    // A small limit, so the thread goes out as several statuses.
    mastodon = await startMastodonServer({ maxCharacters: 300 });
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.stop();
    await mastodon?.close();
    await articles?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes both after a restart on the same data folder, each post made exactly once', async () => {
    // Arrange: a curator with a generated thread and a Mastodon connection.
    const first = await start();
    const user = await newUser(first.url);
    const token = user.tokens.idToken;
    const generate = (url: string) =>
      api(first.url, '/api/generation-jobs', { token, method: 'POST', body: { url, tone: 'professional' } });
    const threadJob = await waitForJob(first.url, token, (await generate(`${articles.url}/harbour`)).body.jobId);
    expect(threadJob.status).toBe('succeeded');
    const threadId: string = threadJob.threadId;
    await connectMastodon(first.url, token, mastodon.instance);

    // Act 1: the second status is made but its answer never comes; a generation hangs on its article.
    mastodon.failStatus(2, { madeThenHung: true });
    const published = await api(first.url, `/api/threads/${threadId}/publish`, {
      token,
      method: 'POST',
      body: { platforms: ['mastodon'], origin: 'panel' },
    });
    expect(published.status).toBe(202);
    articles.hangOnce('/tides');
    const hungJob = await generate(`${articles.url}/tides`);
    expect(hungJob.status).toBe(202);
    await until(
      'the hung status',
      () => mastodon.statuses.length,
      (made) => made === 2,
    );
    await until(
      'the hung article fetch',
      () => articles.requests.filter((p) => p === '/tides').length,
      (n) => n > 0,
    );
    const stuck = await api(first.url, `/api/threads/${threadId}/publishing`, { token });
    expect(stuck.body.platforms[0]).toMatchObject({ status: 'posting', postsMade: 1 });
    const postsTotal: number = stuck.body.platforms[0].postsTotal;
    expect(postsTotal).toBeGreaterThan(2);

    // Act 2: the stack crashes (every process of it), then starts again on the same folder.
    await first.kill();
    const second = await start();
    const again = (await signIn(second.url, user.email, user.password)).idToken;

    // Assert: the generation finished with one credit taken for it, the thread went out whole, once.
    const tides = await waitForJob(second.url, again, hungJob.body.jobId);
    expect(tides).toMatchObject({ status: 'succeeded' });
    const row = await until(
      'the publish run to end',
      async () => (await api(second.url, `/api/threads/${threadId}/publishing`, { token: again })).body.platforms[0],
      (state) => state.status !== 'posting' && state.status !== 'pending',
    );
    expect(row).toMatchObject({ status: 'completed', postsMade: postsTotal, postsTotal });
    const statuses = mastodon.statuses;
    expect(statuses).toHaveLength(postsTotal);
    expect(new Set(statuses.map((status) => status.text)).size).toBe(postsTotal);
    statuses.forEach((status, index) => {
      expect(status.inReplyToId).toBe(index === 0 ? null : statuses[index - 1]!.id);
    });
    expect(row.postUrl).toContain(statuses[0]!.id);
    const me = await api(second.url, '/api/me', { token: again });
    expect(me.body.credits).toMatchObject({ usedCredits: 2, availableCredits: 3 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLength } from '#shared/post-length';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';
import { api, newUser } from '../../helpers/auth-client';
import { waitForJob } from '../../helpers/jobs';
import { type StartedStack, startStack } from '../../helpers/local-stack';

const RIVER_ARTICLE = articlePage({
  title: 'How the Lune river reshaped Lancaster',
  paragraphs: [
    "For three centuries the Lune river decided where Lancaster could grow. Merchants built warehouses along St George's Quay in the 1750s, when the port handled 150 ships a year.",
    'Historian Maria Okafor, who spent six years in the city archives, says the quay explains the shape of the modern centre. "Every street that matters runs down to the water," she said.',
    'The port declined after 1800 as ships grew larger and the river silted up. By 1850 most trade had moved to Glasson Dock, five miles downstream.',
    'Today the quay is home to a maritime museum, flats and cafes. The council invested 12 million pounds in flood defences in 2019 after repeated flooding.',
    'Okafor argues that cities should read their rivers as archives. Flood maps, she notes, often trace the exact line of the eighteenth-century shore.',
    'Planners now use those historic maps to decide where new homes may be built, and where wetlands should be restored to hold water back.',
  ],
});

describe('article to thread through the generation queue (offline generator)', () => {
  let articles: ArticleServer;
  let stack: StartedStack;

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/rivers', RIVER_ARTICLE);
    articles.page('/data.json', '{"not":"html"}', 'application/json');
    stack = await startStack({ env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host } });
  });
  afterAll(async () => {
    await stack?.cleanup();
    await articles?.close();
  });

  it('extracts the article with themes and a sensitivity verdict, charging nothing', async () => {
    const user = await newUser(stack.url);
    const response = await api(stack.url, '/api/extract-article', {
      token: user.tokens.idToken,
      method: 'POST',
      body: { url: `${articles.url}/rivers` },
    });
    expect(response.status).toBe(200);
    expect(response.body.title).toBe('How the Lune river reshaped Lancaster');
    expect(response.body.content).toContain('Glasson Dock');
    expect(response.body.themes.length).toBeGreaterThan(0);
    expect(response.body.isSensitiveContent).toBe(false);
    expect((await api(stack.url, '/api/me', { token: user.tokens.idToken })).body.credits.availableCredits).toBe(5);
  });

  it('refuses a URL the fetch guard blocks, and non-HTML, with a clear message', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const blocked = await api(stack.url, '/api/extract-article', {
      token,
      method: 'POST',
      body: { url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toMatch(/address|not allowed|blocked/i);
    const notHtml = await api(stack.url, '/api/extract-article', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/data.json` },
    });
    expect(notHtml.status).toBe(422);
    const notUrl = await api(stack.url, '/api/extract-article', {
      token,
      method: 'POST',
      body: { url: 'ftp://example.com/file' },
    });
    expect(notUrl).toMatchObject({ status: 400, body: { error: expect.stringContaining('Please enter a valid URL') } });
  });

  it('answers 202 at once, then the worker saves an attributed thread and takes exactly one credit', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const url = `${articles.url}/rivers`;
    const submitted = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, tone: 'educational' },
    });
    expect(submitted.status).toBe(202);
    expect(submitted.body.status).toBe('queued');

    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job.status).toBe('succeeded');
    const posts: Array<{ content: string; charCount: number }> = job.thread.posts;
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.length).toBeLessThanOrEqual(15);
    for (const post of posts) expect(postLength(post.content)).toBeLessThanOrEqual(280);
    expect(posts.at(-1)?.content).toBe(
      `Thread created by ${new URL(stack.url).host}. Read original article at: ${url}`,
    );
    expect(job.thread.hallucination.risk).toMatch(/low|medium|high/);
    expect(job.thread.tone).toBe('educational');

    const me = await api(stack.url, '/api/me', { token });
    expect(me.body.credits).toMatchObject({ freeCredits: 4, usedCredits: 1, availableCredits: 4 });
    const ledger = await api(stack.url, '/api/credits/transactions', { token });
    // Newest first: the thread's usage, then the sign-up grant of the day's free credits.
    expect(ledger.body.transactions).toHaveLength(2);
    expect(ledger.body.transactions[0]).toMatchObject({ type: 'usage', amount: -1, threadId: job.threadId });
    expect(ledger.body.transactions[1]).toMatchObject({ type: 'free_monthly', amount: 5 });

    const restored = await api(stack.url, `/api/threads/${job.threadId}`, { token });
    expect(restored.body.posts).toEqual(job.thread.posts);
  });

  it("records the article's language on the thread, and refuses another language without the AI writer", async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const url = `${articles.url}/rivers`;
    const refused = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, tone: 'professional', language: 'fr' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'translation_unavailable',
        error:
          "Writing the thread in French needs the AI writer, which is not set up. Choose the article's own language.",
      },
    });
    const unknown = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, tone: 'professional', language: 'qq' },
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    // Neither refusal cost a credit.
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(5);

    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job.thread).toMatchObject({ language: 'en' });
    expect(job.thread.translatedFrom ?? null).toBeNull();
  });

  it('fetches the article once per generation: the worker reuses the extraction the validation kept', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    articles.page('/once', RIVER_ARTICLE);
    const url = `${articles.url}/once`;
    const fetches = () => articles.requests.filter((path) => path === '/once').length;
    expect((await api(stack.url, '/api/extract-article', { token, method: 'POST', body: { url } })).status).toBe(200);
    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job.status).toBe('succeeded');
    expect(job.thread.title).toBe('How the Lune river reshaped Lancaster');
    expect(fetches()).toBe(1);

    // Another user's generation of the same URL does not read the first user's kept extraction.
    const other = await newUser(stack.url);
    const theirs = await api(stack.url, '/api/generation-jobs', {
      token: other.tokens.idToken,
      method: 'POST',
      body: { url },
    });
    expect((await waitForJob(stack.url, other.tokens.idToken, theirs.body.jobId)).status).toBe('succeeded');
    expect(fetches()).toBe(2);
  });

  it("regenerates an existing thread for free and refuses another user's thread", async () => {
    const owner = await newUser(stack.url);
    const token = owner.tokens.idToken;
    const url = `${articles.url}/rivers`;
    const first = await waitForJob(
      stack.url,
      token,
      (await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } })).body.jobId,
    );
    const again = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, tone: 'casual', threadId: first.threadId },
    });
    const regenerated = await waitForJob(stack.url, token, again.body.jobId);
    expect(regenerated).toMatchObject({ status: 'succeeded', threadId: first.threadId, isNewThread: false });
    expect(regenerated.thread.tone).toBe('casual');
    expect((await api(stack.url, '/api/me', { token })).body.credits.usedCredits).toBe(1);

    const intruder = await newUser(stack.url, 'intruder');
    const stolen = await api(stack.url, '/api/generation-jobs', {
      token: intruder.tokens.idToken,
      method: 'POST',
      body: { url, threadId: first.threadId },
    });
    expect(stolen).toMatchObject({
      status: 403,
      body: { error: 'Access Denied: You do not have permission to access this thread.', code: 'thread_access_denied' },
    });
    expect((await api(stack.url, `/api/threads/${first.threadId}`, { token: intruder.tokens.idToken })).status).toBe(
      403,
    );
    expect(
      (await api(stack.url, `/api/generation-jobs/${first.jobId}`, { token: intruder.tokens.idToken })).status,
    ).toBe(404);
  });

  it('ends a job whose article cannot be read with an extraction error and no credit spent', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const submitted = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/missing` },
    });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    expect(job).toMatchObject({ status: 'failed', failureKind: 'extraction', retryable: false });
    expect(job.error).toBeTruthy();
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(5);
  });

  it('turns 20 parallel generations with 5 credits, run concurrently by the queue, into exactly 5 threads, balance 0 and 5 ledger entries', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const url = `${articles.url}/rivers`;
    const submissions = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } }),
      ),
    );
    const accepted = submissions.filter((response) => response.status === 202);
    // Watch the jobs and the balance while the worker runs them: several at once, as Lambda does,
    // and the balance never below zero at any moment.
    let mostRunning = 0;
    let lowestBalance = Number.POSITIVE_INFINITY;
    for (;;) {
      const states = await Promise.all(
        accepted.map(
          async (response) =>
            (await api(stack.url, `/api/generation-jobs/${response.body.jobId}`, { token })).body.status,
        ),
      );
      lowestBalance = Math.min(
        lowestBalance,
        (await api(stack.url, '/api/me', { token })).body.credits.availableCredits,
      );
      mostRunning = Math.max(mostRunning, states.filter((status) => status === 'running').length);
      if (states.every((status) => status === 'succeeded' || status === 'failed')) break;
    }
    expect(mostRunning).toBeGreaterThan(1);
    expect(lowestBalance).toBe(0);
    const jobs = await Promise.all(accepted.map((response) => waitForJob(stack.url, token, response.body.jobId)));
    const succeeded = jobs.filter((job) => job.status === 'succeeded');
    expect(succeeded).toHaveLength(5);
    for (const job of jobs.filter((job) => job.status === 'failed'))
      expect(job.failureKind).toBe('insufficient_credits');
    expect((await api(stack.url, '/api/me', { token })).body.credits).toMatchObject({
      availableCredits: 0,
      usedCredits: 5,
    });
    const ledger = (await api(stack.url, '/api/credits/transactions', { token })).body.transactions;
    expect(ledger.filter((entry: { type: string }) => entry.type === 'usage')).toHaveLength(5);
    const rejected = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    expect(rejected).toMatchObject({
      status: 402,
      body: { error: expect.stringContaining("don't have enough credits") },
    });
  });

  it('saves edits, but refuses an over-limit post, unsafe markup or a changed attribution, writing nothing', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const submitted = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/rivers` },
    });
    const job = await waitForJob(stack.url, token, submitted.body.jobId);
    const posts = job.thread.posts.map((post: { id: string; content: string }) => ({
      id: post.id,
      content: post.content,
    }));
    const path = `/api/threads/${job.threadId}`;

    const edited = [{ ...posts[0], content: 'A sharper hook about rivers and cities.' }, ...posts.slice(1)];
    const saved = await api(stack.url, path, { token, method: 'PUT', body: { posts: edited } });
    expect(saved.status).toBe(200);
    expect(saved.body.posts[0]).toMatchObject({ content: 'A sharper hook about rivers and cities.', charCount: 39 });

    const tooLong = [{ ...posts[0], content: 'word '.repeat(70) }, ...posts.slice(1)];
    expect(await api(stack.url, path, { token, method: 'PUT', body: { posts: tooLong } })).toMatchObject({
      status: 400,
      body: { error: 'Post exceeds character limit. Consider shortening before saving.', code: 'post_too_long' },
    });
    const unsafe = [{ ...posts[0], content: 'Click <script>alert(1)</script>' }, ...posts.slice(1)];
    expect((await api(stack.url, path, { token, method: 'PUT', body: { posts: unsafe } })).body).toEqual({
      error: 'Content contains potentially unsafe elements',
      code: 'content_unsafe',
    });
    const reattributed = [...posts.slice(0, -1), { ...posts.at(-1), content: 'Thread by me.' }];
    expect((await api(stack.url, path, { token, method: 'PUT', body: { posts: reattributed } })).body).toEqual({
      error: 'The attribution post cannot be edited to ensure proper credit to the original author.',
      code: 'attribution_protected',
    });
    expect((await api(stack.url, path, { token })).body.posts[0].content).toBe(
      'A sharper hook about rivers and cities.',
    );
  });
});

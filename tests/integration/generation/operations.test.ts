import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';
import { api, newUser } from '../../helpers/auth-client';
import { waitForJob } from '../../helpers/jobs';
import { type StartedStack, startStack } from '../../helpers/local-stack';

const ARTICLE = articlePage({
  title: 'The lighthouse keepers of Skerryvore',
  paragraphs: Array.from(
    { length: 6 },
    (_, index) =>
      `Watch ${index + 1}: the keepers of Skerryvore lit the lamp at dusk for a century, trimming wicks through Atlantic storms twelve miles from the nearest island, and their logbooks record every ship they saw.`,
  ),
});

const run = promisify(execFile);

type LogLine = Record<string, unknown>;

/** The JSON lines the stack printed (Powertools log lines and EMF metric lines). */
function jsonLines(stack: StartedStack): LogLine[] {
  return stack
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

describe('operations on the local stack', () => {
  let articles: ArticleServer;
  let stack: StartedStack;

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/skerryvore', ARTICLE);
    // The lines as Lambda prints them (JSON), which these tests parse; `npm start` prints them readably.
    stack = await startStack({ env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host, LOCAL_LOG_FORMAT: 'json' } });
  });
  afterAll(async () => {
    await stack?.cleanup();
    await articles?.close();
  });

  it('a Generate retried with its Idempotency-Key makes one job and charges one credit', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const click = { token, method: 'POST', body: { url: `${articles.url}/skerryvore` } };
    const key = randomUUID();

    const first = await api(stack.url, '/api/generation-jobs', { ...click, headers: { 'Idempotency-Key': key } });
    const retry = await api(stack.url, '/api/generation-jobs', { ...click, headers: { 'Idempotency-Key': key } });
    const reused = await api(stack.url, '/api/generation-jobs', {
      ...click,
      body: { url: `${articles.url}/another-article` },
      headers: { 'Idempotency-Key': key },
    });
    const badKey = await api(stack.url, '/api/generation-jobs', { ...click, headers: { 'Idempotency-Key': 'short' } });

    expect(first.status).toBe(202);
    expect(retry).toMatchObject({ status: 202, body: { jobId: first.body.jobId } });
    expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toContain('Idempotency-Key');
    expect((await waitForJob(stack.url, token, first.body.jobId)).status).toBe('succeeded');
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(4);
    const ledger = (await api(stack.url, '/api/credits/transactions', { token })).body.transactions as {
      type: string;
    }[];
    expect(ledger.filter((entry) => entry.type === 'usage')).toHaveLength(1);

    // The correlation id of the HTTP request follows the job through the queue to the worker.
    const lines = jsonLines(stack);
    const queued = lines.find((line) => line.message === 'generation job queued' && line.jobId === first.body.jobId);
    const succeeded = lines.find(
      (line) => line.message === 'generation job succeeded' && line.jobId === first.body.jobId,
    );
    expect(queued?.correlation_id).toEqual(expect.any(String));
    expect(succeeded?.correlation_id).toBe(queued?.correlation_id);
    expect(queued?.function_name).not.toBe(succeeded?.function_name);
    expect(JSON.stringify(lines)).not.toContain(user.email);

    // The worker's invocation wrote its metrics as one EMF line, with the stage as a dimension.
    const emf = lines.find((line) => 'ThreadsGenerated' in line);
    expect(emf).toMatchObject({ stage: 'local', ThreadsGenerated: 1, CreditsCharged: 1, service: 'threadsnip' });
    expect(emf?.GenerationDuration).toEqual(expect.any(Number));
    // The worker fetched the article itself (nothing was kept by a validation call): how long, how big.
    expect(emf?.ExtractionDuration).toEqual(expect.any(Number));
    expect(emf?.ExtractionBytes).toBeGreaterThan(500);
  });

  it('a failed generation is counted by its reason, charging nothing', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const submitted = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/missing-page` },
    });

    expect(submitted.status).toBe(202);
    expect(await waitForJob(stack.url, token, submitted.body.jobId)).toMatchObject({
      status: 'failed',
      failureKind: 'extraction',
    });
    const emf = jsonLines(stack).find((line) => 'GenerationFailed' in line);
    expect(emf).toMatchObject({ stage: 'local', reason: 'extraction', GenerationFailed: 1 });
    expect(emf?._aws).toMatchObject({
      CloudWatchMetrics: [{ Namespace: 'ThreadSnip', Dimensions: [expect.arrayContaining(['stage', 'reason'])] }],
    });
    expect((await api(stack.url, '/api/me', { token })).body.credits.availableCredits).toBe(5);
  });

  it("npm run metrics:local sums the running stack's metrics", async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/metrics-local.ts'], {
      env: { ...process.env, DATA_DIR: stack.dataDir },
    });
    const row = (metric: string) => stdout.split('\n').find((line) => line.includes(`'${metric}'`)) ?? '';

    expect(row('ThreadsGenerated')).toMatch(/stage=local.*│\s+1\s/);
    expect(row('GenerationFailed')).toContain('reason=extraction');
    expect(row('GenerationDuration')).toMatch(/1 samples.*Milliseconds/);
  });
});

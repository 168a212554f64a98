/**
 * bench:insights — issue 26's benchmark, on the local stack (`npm start --api-only`: dynalite in a
 * process of its own, the handlers in this one, as the local stack runs them).
 * 1. 10,000 published runs (20 users × 500 threads, three Mastodon statuses each) read back at their
 *    three slots (1 h, 24 h, 7 d) against the Mastodon stand-in: the real reading target invoked with
 *    each schedule's input, as the scheduler would at its time, a tenth delivered twice. Prints
 *    readings per second on this machine, platform and DynamoDB calls per reading, and checks every
 *    run has one reading per slot and the admin engagement total counts each thread once.
 * 2. GET /api/insights for a user with 1,000 threads, through the stack's HTTP with a real token:
 *    the user is signed up and signed in, and their threads' readings (three each, over 90 days) go
 *    through the real rollup. Prints p50/p95 for 7, 30 and 90 days; target p95 under 100 ms.
 * `--runs N` (default 10000), `--concurrency N` (default 32: readings under way at once).
 */
// First, as in `npm start`: the handlers' runtime settings are read when their modules load.
import '../local/lambda-env';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readingTarget } from '../functions/manifest';
import { readLocalConfig } from '../local/config';
import { invokeHandler } from '../local/lambda-runtime';
import { startLocalStack } from '../local/stack';
import { READING_SLOTS, type ReadingKind } from '../shared/schemas/insights';
import type { Thread } from '../shared/schemas/thread';
import { startMastodonServer } from '../tests/fakes/mastodon-server';
import { signIn, signUp } from '../tests/helpers/auth-client';
import { seededThread } from '../tests/helpers/seed-threads';
import { countDynamoCalls } from './lib/dynamo-calls';
import { seedCompletedMastodonRuns } from './lib/mastodon-runs';
import { inParallel, percentile } from './lib/parallel';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '32' } },
});
const RUNS = Number(args.runs);
const CONCURRENCY = Number(args.concurrency);
const PER_USER = 500;
const POSTS_PER_RUN = 3;
const DOUBLE_DELIVERY_SHARE = 0.1;
const INSIGHTS_THREADS = 1000;
const INSIGHTS_REQUESTS = 200;
const INSIGHTS_P95_LIMIT_MS = 100;
const HOUR = 3_600_000;
const SLOT_HOURS: Record<ReadingKind, number> = { '1h': 1, '24h': 24, '7d': 168, manual: 0 };

const benchStarted = Date.now();
const mastodon = await startMastodonServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-insights-'));
const stack = await startLocalStack(
  readLocalConfig(
    {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance,
      ADMIN_EMAILS: 'admin@example.com',
      LOCAL_LOG_FORMAT: 'quiet',
    },
    ['--api-only'],
  ),
);
try {
  // Imported after the stack set the environment the data layer reads: the modules the handlers use.
  const { db } = await import('../functions/data/client');
  const { putThread } = await import('../functions/data/thread-repository');
  const { listEngagementReadingsOfThread } = await import('../functions/data/engagement-reading-repository');
  const { getTotals } = await import('../functions/data/stats-repository');
  const { rollUpReading } = await import('../functions/services/insights/rollup');
  const dynamoCalls = countDynamoCalls(db);

  // ---- setup: users connected to the stand-in, their threads and completed runs, each post a status there ----
  const setupStarted = Date.now();
  const { users, runs } = await seedCompletedMastodonRuns(mastodon, {
    runs: RUNS,
    perUser: PER_USER,
    postsPerRun: POSTS_PER_RUN,
    concurrency: CONCURRENCY,
    completedAt: new Date().toISOString(),
    figuresOf: (position) => ({ favourites: 3 * position, reblogs: position, replies: 1 }),
  });
  // Each run's statuses: favourites 3p, reblogs p, replies 1 for p = 0, 1, 2.
  const perRun = Array.from({ length: POSTS_PER_RUN }, (_, position) => 4 * position + 1).reduce((a, b) => a + b, 0);
  const engagementBefore = (await getTotals()).engagement;
  console.log(
    `setup: ${RUNS} threads with completed runs of ${users.length} users in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // ---- the readings: every run at every slot, a tenth delivered twice ----
  const deliveries = runs.flatMap(({ userId, threadId, runId }) =>
    READING_SLOTS.map((kind) => ({ userId, threadId, runId, platform: 'mastodon' as const, kind })),
  );
  const doubled = deliveries.filter((_, index) => index % Math.round(1 / DOUBLE_DELIVERY_SHARE) === 0);
  const outcomes = new Map<string, number>();
  const latencies: number[] = [];
  const readsBefore = mastodon.statusReads();
  const callsBefore = dynamoCalls();
  const loadBefore = loadavg()[0] ?? 0;
  const started = Date.now();
  await inParallel([...deliveries, ...doubled], CONCURRENCY, async (payload) => {
    const at = performance.now();
    const { outcome } = (await invokeHandler(readingTarget.handler, payload, readingTarget.timeoutSeconds)) as {
      outcome: string;
    };
    latencies.push(performance.now() - at);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  });
  const seconds = (Date.now() - started) / 1000;
  const delivered = deliveries.length + doubled.length;
  const stored = outcomes.get('stored') ?? 0;
  const platformCalls = mastodon.statusReads() - readsBefore;
  const tableCalls = dynamoCalls() - callsBefore;

  // Every run has exactly one reading per slot, and each thread's engagement is counted once.
  let duplicates = 0;
  let missing = 0;
  await inParallel(runs.slice(0, 1000), CONCURRENCY, async ({ userId, threadId }) => {
    const kinds = (await listEngagementReadingsOfThread(userId, threadId)).map((reading) => reading.kind);
    duplicates += kinds.length - new Set(kinds).size;
    missing += READING_SLOTS.filter((slot) => !kinds.includes(slot)).length;
  });
  const engagementCounted = (await getTotals()).engagement - engagementBefore;

  // ---- /insights: a signed-in user with 1,000 threads, readings rolled up over 90 days ----
  const email = `insights-${randomUUID()}@example.com`;
  const { UserSub: insightsUser } = await signUp(stack.url, email, 'bench-password-1');
  const { idToken } = await signIn(stack.url, email, 'bench-password-1');
  const now = Date.now();
  const seedStarted = Date.now();
  await inParallel(
    Array.from({ length: INSIGHTS_THREADS }, (_, index) => index),
    CONCURRENCY,
    async (index) => {
      const thread: Thread = seededThread(insightsUser, index, {
        tone: (['professional', 'casual', 'humorous'] as const)[index % 3],
      });
      await putThread(thread);
      // Published over the last 90 days at varied hours; each slot read once it is due.
      const publishedAt = now - ((index * 7919) % (89 * 24)) * HOUR - HOUR;
      const run = { publishedAt: new Date(publishedAt).toISOString(), runId: `run-${thread.id}` };
      for (const [slot, kind] of READING_SLOTS.entries()) {
        const takenAt = publishedAt + SLOT_HOURS[kind] * HOUR;
        if (takenAt > now) continue;
        const engagement = (index % 40) * (slot + 1);
        await rollUpReading(
          {
            userId: insightsUser,
            threadId: thread.id,
            platform: index % 4 === 0 ? 'bluesky' : 'mastodon',
            accountId: null,
            runId: run.runId,
            kind,
            takenAt: new Date(takenAt).toISOString(),
            posts: [],
            engagement,
          },
          run.publishedAt,
        );
      }
    },
  );
  console.log(
    `/insights user: ${INSIGHTS_THREADS} threads rolled up in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const insightsRows: string[] = [];
  const checks: string[] = [];
  let failures = 0;
  for (const days of [7, 30, 90]) {
    const samples: number[] = [];
    let threadsShown = 0;
    const insightsCalls = dynamoCalls();
    for (let request = 0; request < INSIGHTS_REQUESTS; request += 1) {
      const at = performance.now();
      const response = await fetch(`${stack.url}/api/insights?days=${days}`, {
        headers: { authorization: `Bearer ${idToken}` },
      });
      const body = (await response.json()) as { totals?: { threads: number } };
      samples.push(performance.now() - at);
      if (response.status !== 200) throw new Error(`/api/insights?days=${days} answered ${response.status}`);
      threadsShown = body.totals?.threads ?? 0;
    }
    const p95 = percentile(samples, 95);
    insightsRows.push(
      `| ${days} | ${threadsShown} | ${percentile(samples, 50).toFixed(1)} | ${p95.toFixed(1)} | ${((dynamoCalls() - insightsCalls) / INSIGHTS_REQUESTS).toFixed(1)} |`,
    );
    const ok = p95 < INSIGHTS_P95_LIMIT_MS;
    if (!ok) failures += 1;
    checks.push(
      `  GET /api/insights?days=${days} p95: ${p95.toFixed(1)} ms ${ok ? 'ok' : 'OVER'} (< ${INSIGHTS_P95_LIMIT_MS} ms)`,
    );
  }

  const exact = duplicates === 0 && missing === 0 && stored === deliveries.length;
  const countedOnce = engagementCounted === RUNS * perRun;
  if (!exact || !countedOnce) failures += 1;
  console.log(`\nreadings delivered: ${delivered} (${doubled.length} twice), ${CONCURRENCY} at once`);
  console.log(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  console.log(
    `readings per second: ${(deliveries.length / seconds).toFixed(0)} (${deliveries.length} in ${seconds.toFixed(1)} s; machine load ${loadBefore.toFixed(1)} before)`,
  );
  console.log(
    `reading latency: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
  );
  console.log(
    `calls per reading: ${(platformCalls / delivered).toFixed(2)} to the platform (${POSTS_PER_RUN} posts a run, one status read each), ${(tableCalls / delivered).toFixed(2)} to DynamoDB`,
  );
  console.log(
    `stored: ${stored} of ${deliveries.length}; in 1,000 runs checked: ${duplicates} duplicates, ${missing} missing ${exact ? 'ok' : 'WRONG'}`,
  );
  console.log(
    `admin engagement total gained: ${engagementCounted} (each thread once: ${RUNS * perRun}) ${countedOnce ? 'ok' : 'WRONG'}`,
  );
  console.log(
    `\n/insights for a user with ${INSIGHTS_THREADS} threads, ${INSIGHTS_REQUESTS} requests per period, one at a time:\n`,
  );
  console.log('| days | threads in the period | p50 ms | p95 ms | DynamoDB calls/request |');
  console.log('|---|---|---|---|---|');
  for (const row of insightsRows) console.log(row);
  console.log('\nTargets (readings per second and calls per reading are printed; the issue sets no target):');
  for (const line of checks) console.log(line);
  console.log(
    `  every reading stored once, every thread's engagement counted once: ${exact && countedOnce ? 'ok' : 'WRONG'}`,
  );
  console.log(`\nwhole run: ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await stack.stop();
  await mastodon.close();
  rmSync(dataDir, { recursive: true, force: true });
}

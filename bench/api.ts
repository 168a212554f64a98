/**
 * bench:api — the thread library's read routes under load. Seeds 100 users × 200 threads in a fresh
 * local table, then drives the first history page (GET /api/threads) and the thread detail
 * (GET /api/threads/{id}) through the local API with valid tokens at 50 concurrent connections
 * (autocannon), printing p50/p95/p99 latency, requests per second and DynamoDB calls per request.
 * Targets on the 2-core machine: p95 under 50 ms, at most 2 DynamoDB calls per request.
 * The stack runs in this process (so its DynamoDB calls can be counted), beside autocannon.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readLocalConfig } from '../local/config';
import { startLocalStack } from '../local/stack';
import { signIn, signUp } from '../tests/helpers/auth-client';
import { seededThread, seedThreads } from '../tests/helpers/seed-threads';

const USERS = 100;
const THREADS_PER_USER = 200;
/** The target load, and a light one that shows a request's own latency without queueing. */
const CONNECTION_LEVELS = [50, 5];
const DURATION_SECONDS = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-api-'));
const stack = await startLocalStack(readLocalConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir }, ['--api-only']));
try {
  // Imported after the stack set the environment the data layer reads; the same module the handlers use.
  const { db } = await import('../functions/data/client');
  let dynamoCalls = 0;
  db.middlewareStack.add(
    (next) => async (args) => {
      dynamoCalls += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );

  const seedStarted = Date.now();
  const users: Array<{ token: string; threadIds: string[] }> = [];
  for (let index = 0; index < USERS; index += 1) {
    const email = `bench-${index}@example.com`;
    const { UserSub } = await signUp(stack.url, email, 'bench-password-1');
    const { idToken } = await signIn(stack.url, email, 'bench-password-1');
    const threads = Array.from({ length: THREADS_PER_USER }, (_, n) => seededThread(UserSub, n));
    await seedThreads(stack, threads);
    users.push({ token: idToken, threadIds: threads.map((thread) => thread.id) });
  }
  console.log(
    `Seeded ${USERS} users × ${THREADS_PER_USER} threads in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );

  const scenarios = [
    { name: 'history, first page (GET /api/threads)', path: () => '/api/threads?sort=createdAt&order=desc' },
    {
      name: 'thread detail (GET /api/threads/{id})',
      path: (user: (typeof users)[number]) =>
        `/api/threads/${user.threadIds[Math.floor(Math.random() * user.threadIds.length)]}`,
    },
  ];
  const rows: string[] = [];
  for (const connections of CONNECTION_LEVELS)
    for (const scenario of scenarios) {
      const latencies: number[] = [];
      const callsBefore = dynamoCalls;
      const result = await autocannon({
        url: stack.url,
        connections,
        duration: DURATION_SECONDS,
        requests: [
          {
            setupRequest: (request) => {
              const user = users[Math.floor(Math.random() * users.length)]!;
              return {
                ...request,
                method: 'GET',
                path: scenario.path(user),
                headers: { authorization: `Bearer ${user.token}` },
              };
            },
          },
        ],
        setupClient: (client) => {
          client.on('response', (_status: number, _bytes: number, responseTime: number) =>
            latencies.push(responseTime),
          );
        },
      });
      const requests = result.requests.total;
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      latencies.sort((a, b) => a - b);
      rows.push(
        `| ${scenario.name} | ${connections} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${result.requests.average.toFixed(0)} | ${((dynamoCalls - callsBefore) / requests).toFixed(2)} |`,
      );
    }
  console.log(
    `\n${DURATION_SECONDS} s per route and load (target at 50 connections: p95 under 50 ms, at most 2 DynamoDB calls)\n`,
  );
  console.log('| route | connections | p50 ms | p95 ms | p99 ms | req/s | DynamoDB calls/request |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * bench:api — the thread library's read routes under load. Seeds 100 users × 200 threads in a fresh
 * local table, then drives the first history page (GET /api/threads), the thread detail
 * (GET /api/threads/{id}) and the history's newest-thread poll (GET /api/threads/newest) through the
 * local API with valid tokens at 50 concurrent connections (autocannon), printing p50/p95/p99
 * latency, requests per second and DynamoDB calls per request.
 * Targets on the 2-core machine: p95 under 50 ms, at most 2 DynamoDB calls per request.
 * The stack and dynalite run in this process (so its DynamoDB calls can be counted); autocannon runs
 * in a child process (bench/lib/load-client.ts), so the load generator never takes their event loop.
 */
// First, as in `npm start`: the handlers' runtime settings are read when their modules load.
import '../local/lambda-env';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { readLocalConfig } from '../local/config';
import { startLocalStack } from '../local/stack';
import { signIn, signUp } from '../tests/helpers/auth-client';
import { seededThread, seedThreads } from '../tests/helpers/seed-threads';
import type { LoadResult, LoadRun } from './lib/load-client';

const USERS = 100;
const THREADS_PER_USER = 200;
/** The target load, and a light one that shows a request's own latency without queueing. */
const CONNECTION_LEVELS = [50, 5];
const DURATION_SECONDS = 10;
const loadClient = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'load-client.ts');

/** Runs one load in the load client's own process and returns what it measured. */
async function drive(run: LoadRun): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', loadClient], { stdio: ['pipe', 'pipe', 'inherit'] });
  // A client that dies before reading its run is reported by its exit code below, not by the pipe.
  child.stdin.on('error', () => {});
  child.stdin.end(JSON.stringify(run));
  const [output, code] = await Promise.all([
    text(child.stdout),
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ]);
  if (code !== 0) throw new Error(`the load client failed (exit ${code})`);
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as LoadResult;
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
  const threads: ReturnType<typeof seededThread>[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const email = `bench-${index}@example.com`;
    const { UserSub } = await signUp(stack.url, email, 'bench-password-1');
    const { idToken } = await signIn(stack.url, email, 'bench-password-1');
    const own = Array.from({ length: THREADS_PER_USER }, (_, n) => seededThread(UserSub, n));
    threads.push(...own);
    users.push({ token: idToken, threadIds: own.map((thread) => thread.id) });
  }
  await seedThreads(stack, threads);
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
    { name: "history's newest-thread poll (GET /api/threads/newest)", path: () => '/api/threads/newest' },
  ];
  const rows: string[] = [];
  for (const connections of CONNECTION_LEVELS)
    for (const scenario of scenarios) {
      // Ten requests per user, drawn at random by the load client.
      const requests = users.flatMap((user) =>
        Array.from({ length: 10 }, () => ({ path: scenario.path(user), token: user.token })),
      );
      const callsBefore = dynamoCalls;
      const loadBefore = loadavg()[0]!;
      const result = await drive({ url: stack.url, connections, durationSeconds: DURATION_SECONDS, requests });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      rows.push(
        `| ${scenario.name} | ${connections} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.requestsPerSecond.toFixed(0)} | ${((dynamoCalls - callsBefore) / result.requests).toFixed(2)} | ${loadBefore.toFixed(1)} |`,
      );
    }
  console.log(
    `\n${DURATION_SECONDS} s per route and load (target at 50 connections: p95 under 50 ms, at most 2 DynamoDB calls)\n`,
  );
  console.log(
    '| route | connections | p50 ms | p95 ms | p99 ms | req/s | DynamoDB calls/request | machine load (1 min) before |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

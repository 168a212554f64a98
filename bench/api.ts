/**
 * bench:api — the thread library's read routes under load. Seeds 100 users × 200 threads in a fresh
 * local table, then drives the first history page (GET /api/threads), the thread detail
 * (GET /api/threads/{id}) and the history's newest-thread poll (GET /api/threads/newest) through the
 * local API with valid tokens at 5 and 50 concurrent connections (autocannon), printing p50/p95/p99
 * latency, requests per second (and per core) and DynamoDB calls per request (issued, and the round
 * trips a request waits for, from a serial pass that times each call); then the same page and
 * the same thread read straight from the data layer at 5 at a time, on the same dynalite in the same
 * run, so the API's p50 over that bare read is the handler path's own overhead. At 5 connections
 * each route runs three times, each run followed by its bare read, and the targets are judged on the
 * median run: a single 10 s run swings by a fifth on this machine.
 * Targets at 5 connections, what 2 cores can show: history page and thread detail p95 under 25 ms,
 * API p50 ÷ bare read p50 under 3, at most 2 DynamoDB round trips a request waits for (calls made side
 * by side, as the history's Query beside the account check, are one wait). 50 connections is shown for
 * information: latency there is mostly queueing (50 ÷ throughput).
 * The stack and dynalite run in this process (so its DynamoDB calls can be counted); autocannon runs
 * in a child process (bench/lib/load-client.ts), so the load generator never takes their event loop.
 */
// First, as in `npm start`: the handlers' runtime settings are read when their modules load.
import '../local/lambda-env';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { readLocalConfig } from '../local/config';
import { startLocalStack } from '../local/stack';
import { signIn, signUp } from '../tests/helpers/auth-client';
import { seededThread, seedThreads } from '../tests/helpers/seed-threads';
import type { LoadResult, LoadRun } from './lib/load-client';
import { median, percentile, sequentialWaits } from './lib/stats';

const USERS = 100;
const THREADS_PER_USER = 200;
/** The target load, and a light one that shows a request's own latency without queueing. */
const CONNECTION_LEVELS = [50, 5];
const TARGET_CONNECTIONS = 5;
const P95_LIMIT_MS = 25;
const OVERHEAD_LIMIT = 3;
const CALLS_LIMIT = 2;
const DURATION_SECONDS = 10;
/** Runs at the target load, each followed by its bare read: one 10 s run swings by a fifth on this machine. */
const TARGET_ROUNDS = 3;
/** Requests sent one at a time per route to see which calls each one waits for, and for how long. */
const SERIAL_REQUESTS = 50;
const loadClient = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'load-client.ts');

/** Calls `read` from `concurrency` callers at once for `seconds`; every call's latency, ascending. */
async function bareLatencies(read: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await read();
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

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
  /** While a serial request runs: each of its calls' [start, end] (ms). */
  let timedCalls: Array<[number, number]> | null = null;
  db.middlewareStack.add(
    (next) => async (args) => {
      dynamoCalls += 1;
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        timedCalls?.push([started, performance.now()]);
      }
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );

  const seedStarted = Date.now();
  const users: Array<{ userId: string; token: string; threadIds: string[] }> = [];
  const threads: ReturnType<typeof seededThread>[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const email = `bench-${index}@example.com`;
    const { UserSub } = await signUp(stack.url, email, 'bench-password-1');
    const { idToken } = await signIn(stack.url, email, 'bench-password-1');
    const own = Array.from({ length: THREADS_PER_USER }, (_, n) => seededThread(UserSub, n));
    threads.push(...own);
    users.push({ userId: UserSub, token: idToken, threadIds: own.map((thread) => thread.id) });
  }
  await seedThreads(stack, threads);
  console.log(
    `Seeded ${USERS} users × ${THREADS_PER_USER} threads in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );

  const { getThreadForUser, listThreadsForUser } = await import('../functions/data/thread-repository');
  const randomUser = () => users[Math.floor(Math.random() * users.length)] ?? users[0]!;
  const randomThread = (user: (typeof users)[number]) =>
    user.threadIds[Math.floor(Math.random() * user.threadIds.length)] ?? '';
  const scenarios = [
    {
      name: 'history, first page (GET /api/threads)',
      path: () => '/api/threads?sort=createdAt&order=desc',
      // The page the handler reads: the newest 15 of the user's threads, one Query.
      bare: () => listThreadsForUser(randomUser().userId, { field: 'createdAt', order: 'desc' }, 15, null),
    },
    {
      name: 'thread detail (GET /api/threads/{id})',
      path: (user: (typeof users)[number]) => `/api/threads/${randomThread(user)}`,
      bare: () => {
        const user = randomUser();
        return getThreadForUser(user.userId, randomThread(user));
      },
    },
    {
      name: "history's newest-thread poll (GET /api/threads/newest)",
      path: () => '/api/threads/newest',
    },
  ];
  /**
   * Requests one at a time: the DynamoDB round trips each waits for (overlapping calls are one), the
   * time spent waiting on them, and the rest of the request (HTTP, token, middlewares, JSON) in ms.
   */
  const serialPass = async (scenario: (typeof scenarios)[number]) => {
    let waits = 0;
    let dynamoMs = 0;
    let totalMs = 0;
    // The first half warms the route (its module, the JIT), only the second is counted.
    for (let index = -SERIAL_REQUESTS; index < SERIAL_REQUESTS; index += 1) {
      const user = randomUser();
      timedCalls = [];
      const started = performance.now();
      const response = await fetch(`${stack.url}${scenario.path(user)}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${scenario.name}: ${response.status} in the serial pass`);
      if (index < 0) continue;
      totalMs += performance.now() - started;
      const waited = sequentialWaits(timedCalls);
      waits += waited.waits;
      dynamoMs += waited.ms;
    }
    timedCalls = null;
    return {
      waits: waits / SERIAL_REQUESTS,
      dynamoMs: dynamoMs / SERIAL_REQUESTS,
      restMs: (totalMs - dynamoMs) / SERIAL_REQUESTS,
    };
  };
  const cores = availableParallelism();
  const serialRows: string[] = [];
  const rows: string[] = [];
  const checks: string[] = [];
  let failures = 0;
  /**
   * Records one target line from its runs' values, judged on their median (each value is shown);
   * `atMost` for a limit that may be reached (calls per request).
   */
  const check = (label: string, values: number[], limit: number, atMost = false) => {
    const value = median(values);
    const ok = atMost ? value <= limit : value < limit;
    if (!ok) failures += 1;
    const shown = value.toFixed(2).padStart(8);
    const runs = values.length > 1 ? `  median of ${values.map((each) => each.toFixed(2)).join(' / ')}` : '';
    checks.push(`  ${label.padEnd(56)}${shown}  ${ok ? 'ok' : 'OVER'} (${atMost ? '≤' : '<'} ${limit})${runs}`);
  };
  const waitsOf = new Map<string, number>();
  for (const scenario of scenarios) {
    const serial = await serialPass(scenario);
    waitsOf.set(scenario.name, serial.waits);
    serialRows.push(
      `| ${scenario.name} | ${serial.waits.toFixed(2)} | ${serial.dynamoMs.toFixed(1)} | ${serial.restMs.toFixed(1)} |`,
    );
  }
  for (const connections of CONNECTION_LEVELS)
    for (const scenario of scenarios) {
      // Ten requests per user, drawn at random by the load client.
      const requests = users.flatMap((user) =>
        Array.from({ length: 10 }, () => ({ path: scenario.path(user), token: user.token })),
      );
      const atTarget = connections === TARGET_CONNECTIONS;
      const rounds = atTarget ? TARGET_ROUNDS : 1;
      const p95s: number[] = [];
      const overheads: number[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        const callsBefore = dynamoCalls;
        const loadBefore = loadavg()[0]!;
        const result = await drive({ url: stack.url, connections, durationSeconds: DURATION_SECONDS, requests });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const callsPerRequest = (dynamoCalls - callsBefore) / result.requests;
        const load = rounds > 1 ? `${connections} (run ${round} of ${rounds})` : String(connections);
        rows.push(
          `| ${scenario.name} | ${load} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.requestsPerSecond.toFixed(0)} | ${(result.requestsPerSecond / cores).toFixed(0)} | ${callsPerRequest.toFixed(2)} | ${loadBefore.toFixed(1)} |`,
        );
        p95s.push(result.p95);
        if (!atTarget || !scenario.bare) continue;
        // Right after its API run, so that both meet the same machine.
        const bare = await bareLatencies(scenario.bare, connections, DURATION_SECONDS);
        const bareP50 = percentile(bare, 50);
        rows.push(
          `| ${scenario.name}: the bare read from the data layer | ${load} | ${bareP50.toFixed(1)} | ${percentile(bare, 95).toFixed(1)} | ${percentile(bare, 99).toFixed(1)} | ${(bare.length / DURATION_SECONDS).toFixed(0)} | | 1.00 | |`,
        );
        overheads.push(result.p50 / bareP50);
      }
      if (!atTarget || !scenario.bare) continue;
      check(`${scenario.name} p95 ms`, p95s, P95_LIMIT_MS);
      check("  its p50 ÷ the bare read's p50 (the handler path's overhead)", overheads, OVERHEAD_LIMIT);
      check('  DynamoDB round trips a request waits for', [waitsOf.get(scenario.name) ?? 0], CALLS_LIMIT, true);
    }
  console.log(`\n${DURATION_SECONDS} s per route and load; ${cores} cores (req/s per core = req/s ÷ ${cores})\n`);
  console.log(
    '| route | connections | p50 ms | p95 ms | p99 ms | req/s | req/s per core | DynamoDB calls/request (issued) | machine load (1 min) before |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nOne request at a time (${SERIAL_REQUESTS} per route): where a request's time goes\n`);
  console.log(
    '| route | DynamoDB round trips waited for | ms waiting on DynamoDB | ms for the rest (HTTP, token, middlewares, JSON) |',
  );
  console.log('|---|---|---|---|');
  for (const row of serialRows) console.log(row);
  console.log(
    `\nTargets at ${TARGET_CONNECTIONS} connections, the median of ${TARGET_ROUNDS} runs (50 connections: information, latency there is queueing):`,
  );
  for (const line of checks) console.log(line);
  if (failures > 0) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

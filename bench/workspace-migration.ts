/**
 * bench:workspace-migration — issue 41's personal-workspace migration on a copy of realistic data: a
 * fresh dynalite in a process of its own (data on disk, as `npm start` runs it) holding 1,000 users
 * from before workspaces (role, profile and settled balance written by the account repository) with
 * 50 threads each (50,000, put by the thread repository). Runs the migration
 * (`scripts/migrations/create-personal-workspaces.ts`) and prints its duration, users per second and
 * DynamoDB calls per user (an SDK middleware counts them); then checks every user has exactly their
 * personal workspace, owned, and still their 50 threads, and runs it a second time (0 created).
 * `--users N` (default 1000), `--threads N` (per user, default 50), `--concurrency N` (seeding, default 16).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyLocalAwsEnv } from '../local/aws-env';
import { ensureTable, startDynaliteProcess } from '../local/dynamo';
import { freePort } from '../local/ports';
import { seedUserBeforeWorkspaces, threadItemsOf } from '../tests/helpers/users-before-workspaces';
import { countDynamoCalls } from './lib/dynamo-calls';
import { inParallel } from './lib/parallel';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    threads: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '16' },
  },
});
const USERS = Number(args.users);
const THREADS = Number(args.threads);
const CONCURRENCY = Number(args.concurrency);

const benchStarted = Date.now();
applyLocalAwsEnv();
const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-workspace-migration-'));
const dynamo = await startDynaliteProcess(await freePort(), path.join(dataDir, 'dynamodb'));
const tableName = 'threadsnip-bench-workspace-migration';
await ensureTable(dynamo.endpoint, tableName);
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  APP_PUBLIC_URL: 'http://localhost:3000',
  ADMIN_EMAILS: 'admin@example.com',
});
try {
  // Imported after the environment the data layer reads is set.
  const { db } = await import('../functions/data/client');
  const { findWorkspace, listMembershipsOfUser } = await import('../functions/data/workspace-repository');
  const { createPersonalWorkspaces, describePersonalWorkspacesReport } = await import(
    '../scripts/migrations/create-personal-workspaces'
  );
  const dynamoCalls = countDynamoCalls(db);

  // ---- a copy of realistic data: users from before workspaces, with their threads ----
  const seedStarted = Date.now();
  const userIds = Array.from({ length: USERS }, (_, index) => `user-${String(index).padStart(5, '0')}`);
  await inParallel(userIds, CONCURRENCY, async (userId, index) => {
    await seedUserBeforeWorkspaces(userId, index, THREADS);
  });
  console.log(
    `setup: ${USERS} users with ${THREADS} threads each (${USERS * THREADS} threads) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // ---- the migration, as `npm start` or an operator runs it ----
  const loadBefore = loadavg()[0] ?? 0;
  const callsBefore = dynamoCalls();
  const first = await createPersonalWorkspaces();
  const firstCalls = dynamoCalls() - callsBefore;
  console.log('');
  for (const line of describePersonalWorkspacesReport(first)) console.log(line);
  const seconds = first.durationMs / 1000;
  console.log(
    `\nmigration: ${first.run.usersSeen} users in ${seconds.toFixed(2)} s, ${(first.run.usersSeen / seconds).toFixed(0)} users per second (machine load ${loadBefore.toFixed(1)} before)`,
  );
  console.log(
    `DynamoDB calls: ${firstCalls} (${(firstCalls / first.run.usersSeen).toFixed(2)} per user: two conditional Puts each, plus a listing page, a tombstone BatchGet and a progress Put per 100 users)`,
  );

  // ---- every user has their workspace, owned, and still every thread ----
  let withoutWorkspace = 0;
  let threadsMissing = 0;
  await inParallel(userIds, CONCURRENCY, async (userId) => {
    const [memberships, workspace, threads] = await Promise.all([
      listMembershipsOfUser(userId),
      findWorkspace(userId),
      threadItemsOf(userId),
    ]);
    const owned = memberships.length === 1 && memberships[0]?.personal && memberships[0].role === 'owner';
    if (!owned || !workspace?.personal) withoutWorkspace += 1;
    if (threads.length !== THREADS) threadsMissing += 1;
  });

  // ---- run again: idempotent ----
  const secondCallsBefore = dynamoCalls();
  const second = await createPersonalWorkspaces();
  const secondCalls = dynamoCalls() - secondCallsBefore;
  console.log(
    `second run: ${second.run.created} created, ${second.run.alreadyThere} already there, in ${(second.durationMs / 1000).toFixed(2)} s (${(secondCalls / second.run.usersSeen).toFixed(2)} DynamoDB calls per user)`,
  );

  const exact =
    first.run.created === USERS && withoutWorkspace === 0 && threadsMissing === 0 && second.run.created === 0;
  console.log(
    `\nusers without their own personal workspace: ${withoutWorkspace}; users without all ${THREADS} threads: ${threadsMissing}; created by the second run: ${second.run.created}`,
  );
  console.log(`  every user migrated once, nothing lost: ${exact ? 'ok' : 'WRONG'}`);
  console.log(`\nwhole run: ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`);
  if (!exact) process.exitCode = 1;
} finally {
  await dynamo.close();
  rmSync(dataDir, { recursive: true, force: true });
}

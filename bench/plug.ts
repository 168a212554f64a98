/**
 * bench:plug — issue 40's benchmark of the plug, on the local stack (`npm start --api-only`: dynalite
 * in a process of its own, the local scheduler, the handlers in this one, as the local stack runs
 * them). 10,000 threads (20 users × 500) with completed Mastodon runs, each armed with a plug of
 * threshold 50 (the accounts' default) by the real ThreadPublished rule target (`event/arm-plug`), then checked
 * over simulated readings against the Mastodon stand-in: check after check, the real plug target is
 * invoked with each check's payload, as the scheduler would at its time, and a tenth of the checks is
 * delivered twice at once (a redelivery racing the first). Each first post's likes and reposts grow
 * so that 19 plugs in 20 pass the threshold at one of the first ten checks and the 20th never does
 * (it is checked all 66 times over its 48 hours, then expires). Prints checks per minute, DynamoDB
 * calls per check (counted by an SDK middleware), platform calls per check, and the plug replies made
 * more than once (must be 0) or missing.
 * The runs completed 30 days ahead, so no check the bench schedules comes due while it runs.
 * `--plugs N` (default 10000), `--concurrency N` (default 32: checks under way at once).
 */
// First, as in `npm start`: the handlers' runtime settings are read when their modules load.
import '../local/lambda-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APP_EVENT_SOURCE, eventRules, plugTarget } from '../functions/manifest';
import { readLocalConfig } from '../local/config';
import { invokeHandler } from '../local/lambda-runtime';
import { startLocalStack } from '../local/stack';
import { PLUG_CHECK_COUNT } from '../shared/publishing/plug';
import { startMastodonServer } from '../tests/fakes/mastodon-server';
import { countDynamoCalls } from './lib/dynamo-calls';
import { seedCompletedMastodonRuns } from './lib/mastodon-runs';
import { inParallel } from './lib/parallel';

const { values: args } = parseArgs({
  options: { plugs: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '32' } },
});
const PLUGS = Number(args.plugs);
const CONCURRENCY = Number(args.concurrency);
const PER_USER = 500;
const THRESHOLD = 50;
const DOUBLE_DELIVERY_EVERY = 10;
/** Plug i passes its threshold at check i mod 10, except every 20th, which never does. */
const firesAt = (index: number): number | null => (index % 20 === 19 ? null : index % 10);
/** The first post's likes and reposts at check `check` of plug `index`. */
const countAt = (index: number, check: number): number => {
  const at = firesAt(index);
  if (at === null) return Math.min(THRESHOLD - 1, check);
  return check >= at ? THRESHOLD + check - at : Math.floor((THRESHOLD * check) / (at + 1));
};

const benchStarted = Date.now();
const mastodon = await startMastodonServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-plug-'));
const stack = await startLocalStack(
  readLocalConfig(
    {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance,
      LOCAL_LOG_FORMAT: 'quiet',
    },
    ['--api-only'],
  ),
);
try {
  // Imported after the stack set the environment the data layer reads: the modules the handlers use.
  const { db } = await import('../functions/data/client');
  const { setPlugDefault, createProfileIfMissing } = await import('../functions/data/account-repository');
  const { getPlug } = await import('../functions/data/plug-repository');
  const dynamoCalls = countDynamoCalls(db);

  // ---- setup: threads with completed runs, each armed by its account's default ----
  const setupStarted = Date.now();
  const completedAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const { users, runs } = await seedCompletedMastodonRuns(mastodon, {
    runs: PLUGS,
    perUser: PER_USER,
    postsPerRun: 2,
    concurrency: CONCURRENCY,
    completedAt,
  });
  for (const userId of users) {
    await createProfileIfMissing({ userId, email: `${userId}@example.com`, username: null, createdAt: completedAt });
    await setPlugDefault(userId, { enabled: true, threshold: THRESHOLD }, completedAt);
  }
  const armRule = eventRules.find((rule) => rule.handler === 'event/arm-plug')!;
  await inParallel(runs, CONCURRENCY, async ({ userId, threadId, runId }) => {
    const event = {
      source: APP_EVENT_SOURCE,
      'detail-type': 'ThreadPublished',
      detail: { userId, threadId, platform: 'mastodon', runId, completedAt },
    };
    // EventBridge retries a failed delivery (a timeout on a loaded machine); so does the bench, once.
    const arm = () => invokeHandler(armRule.handler, event, armRule.timeoutSeconds) as Promise<{ outcome: string }>;
    const { outcome } = await arm().catch(arm);
    if (outcome !== 'armed') throw new Error(`plug of ${threadId} not armed: ${outcome}`);
  });
  console.log(
    `setup: ${PLUGS} armed plugs on threads of ${users.length} users in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // ---- the checks: round after round, each plug still armed gets its next check; a tenth twice at once ----
  const outcomes = new Map<string, number>();
  const readsBefore = mastodon.statusReads();
  const statusesBefore = mastodon.statuses.length;
  const callsBefore = dynamoCalls();
  const loadBefore = loadavg()[0] ?? 0;
  const started = Date.now();
  let delivered = 0;
  let checks = 0;
  let armed = runs.map((_, index) => index);
  for (let check = 0; check < PLUG_CHECK_COUNT && armed.length > 0; check += 1) {
    for (const index of armed)
      mastodon.setFigures(runs[index]!.made[0]!.id, { favourites: countAt(index, check), reblogs: 0, replies: 0 });
    // A different tenth each round, so some plugs are raced on the check that fires them and others earlier.
    const deliveries = armed.flatMap((index) =>
      (index + check) % DOUBLE_DELIVERY_EVERY === 0 ? [index, index] : [index],
    );
    checks += armed.length;
    delivered += deliveries.length;
    const stillArmed = new Set<number>();
    await inParallel(deliveries, CONCURRENCY, async (index) => {
      const { userId, threadId, runId } = runs[index]!;
      const payload = { userId, threadId, platform: 'mastodon' as const, runId, check };
      let outcome: string;
      try {
        ({ outcome } = (await invokeHandler(plugTarget.handler, payload, plugTarget.timeoutSeconds)) as {
          outcome: string;
        });
      } catch {
        // The twin found the plug being fired: the scheduler would deliver it again after its back-off.
        outcome = 'busy (retried by the scheduler)';
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (outcome === 'not_yet') stillArmed.add(index);
    });
    armed = [...stillArmed];
  }
  const seconds = (Date.now() - started) / 1000;
  const tableCalls = dynamoCalls() - callsBefore;
  const platformCalls = mastodon.statusReads() - readsBefore;

  // ---- exactly once: one reply under each first post that passed, none under the others ----
  const replies = new Map<string, number>();
  for (const status of mastodon.statuses.slice(statusesBefore)) {
    if (status.inReplyToId && status.text.startsWith('The full story')) {
      replies.set(status.inReplyToId, (replies.get(status.inReplyToId) ?? 0) + 1);
    }
  }
  let duplicates = 0;
  let missing = 0;
  let unexpected = 0;
  let wrongState = 0;
  await inParallel(runs, CONCURRENCY, async ({ userId, threadId, made }, index) => {
    const count = replies.get(made[0]!.id) ?? 0;
    const shouldFire = firesAt(index) !== null;
    if (count > 1) duplicates += count - 1;
    if (shouldFire && count === 0) missing += 1;
    if (!shouldFire && count > 0) unexpected += 1;
    const state = (await getPlug(userId, threadId, 'mastodon'))?.state;
    if (state !== (shouldFire ? 'fired' : 'expired')) wrongState += 1;
  });
  const exact = duplicates === 0 && missing === 0 && unexpected === 0 && wrongState === 0;

  console.log(`\nchecks: ${checks} (${delivered} deliveries, a tenth twice at once), ${CONCURRENCY} at once`);
  console.log(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  console.log(
    `checks per minute: ${((checks / seconds) * 60).toFixed(0)} (${checks} in ${seconds.toFixed(1)} s; machine load ${loadBefore.toFixed(1)} before)`,
  );
  console.log(
    `calls per delivered check: ${(tableCalls / delivered).toFixed(2)} to DynamoDB, ${(platformCalls / delivered).toFixed(2)} first-post reads to the platform`,
  );
  console.log(
    `plugs fired: ${replies.size} of ${runs.filter((_, index) => firesAt(index) !== null).length} due; duplicate plugs: ${duplicates}; missing: ${missing}; fired below the threshold: ${unexpected}; final state wrong: ${wrongState} ${exact ? 'ok' : 'WRONG'}`,
  );
  console.log(
    `\nTargets: 0 duplicate plugs (checks per minute and calls per check are printed; the issue sets no target)`,
  );
  console.log(`  every plug fired once or expired: ${exact ? 'ok' : 'WRONG'}`);
  console.log(`\nwhole run: ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`);
  if (!exact) process.exitCode = 1;
} finally {
  await stack.stop();
  await mastodon.close();
  rmSync(dataDir, { recursive: true, force: true });
}

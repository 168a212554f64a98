/**
 * bench:schedule — 10,000 scheduled items due over 10 minutes in the local scheduler (`local/scheduler.ts`),
 * each fired by the real fire handler into the real publishing queue (local SQS; the publishing
 * worker is not run: this measures scheduling, not posting). A tenth of the items are delivered twice
 * at their time (a second schedule with the same input), as a scheduler may deliver more than once.
 * Prints the fire delay after the due time (the item's claim, p50/p95/max, and the delivery's end),
 * duplicates (publishing messages beyond one per item and runs not the item's own; must be 0), and the
 * latency of GET /api/scheduled (upcoming) for a user with 500 items, the handler called as the
 * gateway would. Time can be compressed: `--window SECONDS` (default 600) due-spread, `--items N`.
 * dynalite runs in a process of its own, as under `npm start`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { schedulerTarget } from '../functions/manifest';
import { startLocalScheduler } from '../local/scheduler';
import { startTelegramServer } from '../tests/fakes/telegram-server';
import { makeThread } from '../tests/helpers/publishing-threads';
import { callRoute } from '../tests/helpers/route-call';
import { upcomingItem } from '../tests/helpers/scheduled-items';
import { startBenchServices } from './lib/bench-services';
import { inParallel, percentile } from './lib/parallel';

const { values: args } = parseArgs({
  options: { items: { type: 'string', default: '10000' }, window: { type: 'string', default: '600' } },
});
const ITEMS = Number(args.items);
const WINDOW_SECONDS = Number(args.window);
const PER_USER = 500;
const DOUBLE_DELIVERY_SHARE = 0.1;
const TOKEN = '123456:BENCH-token';
const CHAT = { id: '-1003', title: 'Bench', username: 'benchreads' };

Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
});

const workDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-schedule-'));
const stops: Array<() => Promise<void>> = [];
try {
  const {
    dynamo,
    tableName,
    sqsServer,
    sqs,
    queue: publishing,
  } = await startBenchServices(workDir, 'publishing', stops);
  const telegram = await startTelegramServer({ token: TOKEN, botUsername: 'benchbot', chats: [CHAT] });
  stops.push(telegram.close);
  const keyFile = path.join(workDir, 'token-key');
  writeFileSync(keyFile, randomBytes(32).toString('base64'));

  const fired = new Map<string, number>();
  const deliveryDelays: number[] = [];
  const scheduler = await startLocalScheduler({
    dir: path.join(workDir, 'scheduler'),
    targets: [schedulerTarget],
    onDelivered: (schedule, outcome) => {
      if (!outcome.ok) return;
      const { itemId } = JSON.parse(schedule.target.input) as { itemId: string };
      fired.set(itemId, (fired.get(itemId) ?? 0) + 1);
      deliveryDelays.push(outcome.deliveredAt - schedule.dueAt);
    },
  });
  stops.push(scheduler.stop);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqsServer.endpoint,
    PUBLISHING_QUEUE_URL: publishing.url,
    TELEGRAM_API_URL: telegram.url,
    TOKEN_KEY_FILE: keyFile,
    APP_PUBLIC_URL: 'http://localhost:3000',
    ...scheduler.handlerEnv,
  });

  const { putThread } = await import('../functions/data/thread-repository');
  const { createScheduledItem, reserveUpcomingPlace, getScheduledItem } = await import(
    '../functions/data/scheduled-item-repository'
  );
  const { connectTelegram } = await import('../functions/services/connections/connections');
  const { scheduleItemFire, scheduleNameOf } = await import('../functions/services/scheduling/item-schedule');
  const { createOneTimeSchedule } = await import('../functions/lib/aws/scheduler');
  const { oneTimeScheduleExpression } = await import('../shared/scheduling/slots');
  const { scheduledRunId } = await import('../functions/services/scheduling/fire-item');
  const getScheduled = (await import('../functions/http/scheduling/get-scheduled')).handler;

  // ---- setup: users, threads and items, written as the schedule route writes them ----
  const users = Array.from({ length: Math.ceil(ITEMS / PER_USER) }, () => `bench-${randomUUID()}`);
  for (const userId of users) await connectTelegram(userId, { botToken: TOKEN, chatId: CHAT.id }, new Date());
  const setupStarted = Date.now();
  // Due times start once the setup is surely done (80–150 items a second here, 40 allowed for), then
  // spread evenly; the scheduler delivers nothing before that, so the wait is idle.
  const firstDue = Math.ceil((setupStarted + 30_000 + (ITEMS / 40) * 1000) / 1000) * 1000;
  const items = Array.from({ length: ITEMS }, (_, index) => {
    // Whole blocks of 500 per user: the first user has the most a user may have.
    const userId = users[Math.floor(index / PER_USER)]!;
    const thread = makeThread(userId, [`Bench thread ${index}: the harbour at dawn.`], { title: `Bench ${index}` });
    // Whole seconds, as the schedule route stores them: several items fall due in the same second.
    const at = new Date(firstDue + Math.floor((index / ITEMS) * WINDOW_SECONDS) * 1000).toISOString();
    const timeZone = ['Europe/Dublin', 'America/New_York', 'Australia/Sydney'][index % 3]!;
    return { thread, item: upcomingItem(userId, thread, at, { timeZone }) };
  });
  let doubled = 0;
  await inParallel(items, 16, async ({ thread, item }, index) => {
    await putThread(thread);
    await createScheduledItem(item);
    if (!(await reserveUpcomingPlace(item.userId, item.itemId, PER_USER))) throw new Error('over the limit');
    await scheduleItemFire(item);
    if (index % Math.round(1 / DOUBLE_DELIVERY_SHARE) === 0) {
      // A second delivery of the same input at the same time.
      await createOneTimeSchedule(
        `${scheduleNameOf(item.itemId)}-again`,
        oneTimeScheduleExpression(new Date(item.at), item.timeZone),
        { userId: item.userId, itemId: item.itemId, at: item.at },
      );
      doubled += 1;
    }
  });
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  if (Date.now() > firstDue) throw new Error(`setup took ${setupSeconds} s, past the first due time`);

  // ---- GET /api/scheduled for a user with 500 upcoming items, before any fires ----
  const listLatencies: number[] = [];
  for (let call = 0; call < 50; call += 1) {
    const started = performance.now();
    const answer = await callRoute(getScheduled, { userId: users[0]! }, { query: { view: 'upcoming' } });
    listLatencies.push(performance.now() - started);
    if (answer.body.items.length !== Math.min(PER_USER, ITEMS)) throw new Error('the list is incomplete');
  }
  scheduler.begin();

  // ---- the fires ----
  const lastDue = Date.parse(items.at(-1)!.item.at);
  while (Date.now() < lastDue + 5_000 || fired.size < ITEMS) {
    if (Date.now() > lastDue + 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const claimDelays: number[] = [];
  let notFired = 0;
  let foreignRuns = 0;
  await inParallel(items, 16, async ({ item }) => {
    const stored = await getScheduledItem(item.userId, item.itemId);
    if (stored?.status !== 'fired' || !stored.firedAt) {
      notFired += 1;
      return;
    }
    claimDelays.push(Date.parse(stored.firedAt) - Date.parse(item.at));
    if (stored.outcomes.telegram?.runId !== scheduledRunId(item.itemId, 'telegram')) foreignRuns += 1;
  });
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: publishing.url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  const messages =
    Number(attributes.Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(attributes.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  const duplicates = Math.max(0, messages - (ITEMS - notFired)) + foreignRuns;

  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `items: ${ITEMS} due over ${WINDOW_SECONDS} s (${(ITEMS / WINDOW_SECONDS).toFixed(1)} a second), ${users.length} users; ${doubled} delivered twice; setup ${setupSeconds.toFixed(0)} s`,
  );
  console.log(`fired: ${ITEMS - notFired} (not fired: ${notFired})`);
  console.log(
    `fire delay after due (item claimed): p50 ${ms(percentile(claimDelays, 50))}, p95 ${ms(percentile(claimDelays, 95))}, max ${ms(Math.max(...claimDelays))}`,
  );
  console.log(
    `delivery done after due (run queued): p50 ${ms(percentile(deliveryDelays, 50))}, p95 ${ms(percentile(deliveryDelays, 95))}, max ${ms(Math.max(...deliveryDelays))}`,
  );
  console.log(`publishing messages: ${messages}; duplicates: ${duplicates} (must be 0)`);
  console.log(
    `GET /api/scheduled?view=upcoming, ${Math.min(PER_USER, ITEMS)} items (handler, 50 calls): p50 ${ms(percentile(listLatencies, 50))}, p95 ${ms(percentile(listLatencies, 95))}`,
  );
  process.exitCode = duplicates === 0 && notFired === 0 ? 0 : 1;
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(workDir, { recursive: true, force: true });
}

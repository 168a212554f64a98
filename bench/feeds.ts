/**
 * bench:feeds — 2,000 feeds (40 users × 50) on a local feed host, one poll cycle: the real fan-out
 * handler queues every due feed on the local feeds queue and the real worker, in a process of its
 * own fed by the local poller at the manifest's concurrency, checks them. A tenth of the feeds get a
 * new entry, and a second cycle runs 30 minutes later (by the fan-out's clock). Prints each cycle's
 * duration and fetches per second, the second cycle's 304 share, new inbox items, and the worker's
 * peak RSS; then the time to read one large feed (`--big N` entries, default 40,000, about 2.9 MB)
 * and keep its newest 100, as a check does. `--feeds N`, `--entries N` (per feed, default 20).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { startFeedServer } from '../tests/fakes/feed-server';
import { startBenchServices } from './lib/bench-services';

const { values: args } = parseArgs({
  options: {
    feeds: { type: 'string', default: '2000' },
    entries: { type: 'string', default: '20' },
    big: { type: 'string', default: '40000' },
  },
});
const FEEDS = Number(args.feeds);
const ENTRIES = Number(args.entries);
const BIG_ENTRIES = Number(args.big);
const PER_USER = 50;
const CHANGED_SHARE = 0.1;

const awsEnv = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
};
Object.assign(process.env, awsEnv);

const workDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-bench-feeds-'));
const stops: Array<() => Promise<void>> = [];
try {
  const { dynamo, tableName, sqsServer, sqs, queue: feedsQueue } = await startBenchServices(workDir, 'feeds', stops);
  const host = await startFeedServer();
  stops.push(host.close);
  const env = {
    ...awsEnv,
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqsServer.endpoint,
    FEEDS_QUEUE_URL: feedsQueue.url,
    APP_PUBLIC_URL: 'http://localhost:3000',
    ALLOW_PRIVATE_FETCH_HOSTS: host.host,
    POWERTOOLS_LOG_LEVEL: 'WARN',
  };
  Object.assign(process.env, env);

  const { createFeed } = await import('../functions/data/feed-repository');
  const { feedIdOf } = await import('../functions/services/feeds/feed/dedupe');
  const { handler: fanOut } = await import('../functions/schedule/fan-out-feed-polls');

  // Every feed due now, as right after being added with its validators not yet known.
  const seededAt = new Date();
  for (let n = 0; n < FEEDS; n++) {
    const feedPath = `/feeds/${n}.xml`;
    host.feed(feedPath, {
      title: `Feed ${n}`,
      format: n % 3 === 0 ? 'atom' : n % 3 === 1 ? 'rss' : 'json',
      entries: Array.from({ length: ENTRIES }, (_, e) => ({
        guid: `f${n}-e${e}`,
        link: `https://news.example/${n}/${e}`,
        title: `Story ${e} of feed ${n}`,
        summary: `A short summary of story ${e}.`,
        published: new Date(Date.UTC(2026, 2, 1, 0, e)).toISOString(),
      })),
    });
    const url = `${host.url}${feedPath}`;
    await createFeed({
      feedId: feedIdOf(url),
      userId: `bench-user-${Math.floor(n / PER_USER)}`,
      url,
      title: `Feed ${n}`,
      siteUrl: null,
      state: 'ok',
      failureReason: null,
      consecutiveFailures: 0,
      lastCheckedAt: null,
      lastCheckNowAt: null,
      nextCheckAt: new Date(seededAt.getTime() - 1000).toISOString(),
      oversized: false,
      autoDraft: false,
      etag: null,
      lastModified: null,
      createdAt: seededAt.toISOString(),
    });
  }

  const worker: ChildProcess = fork(path.join(import.meta.dirname, 'lib/feed-worker-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => worker.once('message', resolve));

  const queueDepth = async () => {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: feedsQueue.url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  };

  /** One cycle: the fan-out at `at`, then until the worker has emptied the queue. */
  const cycle = async (at: Date) => {
    const before = host.requests.length;
    const started = performance.now();
    const { queued } = (await fanOut({ time: at.toISOString() } as never, {} as never)) as { queued: number };
    const fanOutMs = performance.now() - started;
    while ((await queueDepth()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const seconds = (performance.now() - started) / 1000;
    const requests = host.requests.slice(before);
    return {
      queued,
      fanOutMs: Math.round(fanOutMs),
      seconds: Math.round(seconds * 10) / 10,
      fetches: requests.length,
      fetchesPerSecond: Math.round(requests.length / seconds),
      notModifiedShare: Math.round((requests.filter((r) => r.status === 304).length / requests.length) * 1000) / 10,
    };
  };

  const first = await cycle(new Date());
  for (let n = 0; n < FEEDS * CHANGED_SHARE; n++) {
    host.addEntry(`/feeds/${Math.floor(n / CHANGED_SHARE)}.xml`, {
      guid: `new-${n}`,
      link: `https://news.example/new/${n}`,
      title: `Fresh story ${n}`,
      published: new Date().toISOString(),
    });
  }
  const second = await cycle(new Date(Date.now() + 30 * 60 * 1000));

  worker.send('stop');
  const { peakRssMb } = await new Promise<{ peakRssMb: number }>((resolve) =>
    worker.on('message', (message) => typeof message === 'object' && resolve(message as { peakRssMb: number })),
  );

  console.log(`bench:feeds — ${FEEDS} feeds × ${ENTRIES} entries, worker concurrency ${feedsQueue.entry.concurrency}`);
  console.log(
    `cycle 1 (every feed new):  ${first.queued} queued in ${first.fanOutMs} ms; ${first.fetches} fetches in ${first.seconds} s = ${first.fetchesPerSecond}/s; 304s ${first.notModifiedShare}%`,
  );
  console.log(
    `cycle 2 (${CHANGED_SHARE * 100}% changed):      ${second.queued} queued in ${second.fanOutMs} ms; ${second.fetches} fetches in ${second.seconds} s = ${second.fetchesPerSecond}/s; 304s ${second.notModifiedShare}%`,
  );
  console.log(`worker peak RSS: ${peakRssMb} MB`);

  // One large feed read as a check reads it: decoded, parsed, cut to its newest entries (median of 3).
  const { decodeFeedBody } = await import('../functions/services/feeds/feed/decode-body');
  const { parseFeedDocument } = await import('../functions/services/feeds/feed/parse-feed');
  const { newestUniqueEntries } = await import('../functions/services/feeds/feed/dedupe');
  const { FEED_LIMITS } = await import('../shared/schemas/feeds');
  const items = Array.from(
    { length: BIG_ENTRIES },
    (_, n) => `<item><title>E${BIG_ENTRIES - n}</title><guid>https://big.example/${BIG_ENTRIES - n}</guid></item>`,
  ).join('');
  const bigBody = new TextEncoder().encode(
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Big</title>${items}</channel></rss>`,
  );
  const runs: number[] = [];
  let kept = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const parsed = parseFeedDocument(decodeFeedBody(bigBody, 'application/rss+xml'), 'https://big.example/rss');
    kept = newestUniqueEntries(parsed.entries, FEED_LIMITS.entriesPerFetch).length;
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `one feed of ${BIG_ENTRIES} entries (${(bigBody.byteLength / 1e6).toFixed(1)} MB): read and cut to the newest ${kept} in ${Math.round(runs[1] ?? 0)} ms (median of 3)`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}

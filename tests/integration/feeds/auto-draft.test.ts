import { DeleteQueueCommand } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { queues as queueEntries } from '#functions/manifest';
import { freePort } from '#local/ports';
import { startQueuePoller } from '#local/queue-poller';
import { createQueues, localSqsClient, startSqs } from '#local/queues';
import { startFeedServer } from '#tests/fakes/feed-server';
import { articlePage, startArticleServer } from '#tests/helpers/article-server';
import { waitUntilQueueDrained } from '#tests/helpers/queue-harness';
import { callRoute } from '#tests/helpers/route-call';
import { sqsEvent } from '#tests/helpers/sqs-event';
import { startTestTable } from '#tests/helpers/test-table';

// Auto-draft end to end in this process: the feeds worker, the generation queue on local-aws-sqs and
// the real generation worker (offline generator) reading articles from a local server.
const table = await startTestTable();
const feedHost = await startFeedServer();
const articles = await startArticleServer();
const sqsServer = await startSqs(await freePort());
const sqs = localSqsClient(sqsServer.endpoint);
const localQueues = await createQueues(sqs, queueEntries, 1);
const generationQueue = localQueues.find((queue) => queue.entry.name === 'generation');
if (!generationQueue) throw new Error('the manifest has no generation queue');
Object.assign(process.env, {
  SQS_ENDPOINT: sqsServer.endpoint,
  GENERATION_QUEUE_URL: generationQueue.url,
  FEEDS_QUEUE_URL: localQueues.find((queue) => queue.entry.name === 'feeds')?.url,
  ALLOW_PRIVATE_FETCH_HOSTS: `${feedHost.host},${articles.host}`,
  FEED_FETCH_TIMEOUT_MS: '3000',
});

const { handler: postFeed } = await import('#functions/http/feeds/post-feed');
const { handler: putFeed } = await import('#functions/http/feeds/put-feed');
const { handler: putFeedSettings } = await import('#functions/http/feeds/put-feed-settings');
const { handler: getInbox } = await import('#functions/http/feeds/get-inbox');
const { handler: feedWorker } = await import('#functions/queue/feed-worker');
const { handler: generationWorker } = await import('#functions/queue/generation-worker');
const { pollFeed } = await import('#functions/services/feeds/poll-feed');
const { ensureAccount } = await import('#functions/services/account/accounts');
const credits = await import('#functions/data/credits-repository');
const jobs = await import('#functions/data/generation-job-repository');
const { getThreadForUser } = await import('#functions/data/thread-repository');
const { auditCreditBalances } = await import('#functions/services/credits/audit');

afterAll(async () => {
  await sqsServer.close();
  await articles.close();
  await feedHost.close();
  await table.stop();
});

const paragraphs = (topic: string) =>
  Array.from(
    { length: 6 },
    (_, index) =>
      `Part ${index + 1} about ${topic}: the harbour board met on Tuesday to discuss the plan, which would cost 3.5 million euros over four years and change how the quay is used by fishing boats and ferries alike.`,
  );
for (const slug of ['quay', 'lighthouse', 'market', 'ferry']) {
  articles.page(`/${slug}`, articlePage({ title: `The ${slug} plan`, paragraphs: paragraphs(slug) }));
}

let published = 0;
const entry = (slug: string) => {
  published += 1;
  return {
    guid: `${slug}-${published}`,
    link: `${articles.url}/${slug}`,
    title: `About the ${slug}`,
    summary: `The ${slug} story.`,
    published: new Date(Date.UTC(2026, 2, 10, 12, published)).toISOString(),
  };
};

type Item = { title: string; autoDraft: { status: string; jobId?: string; threadId?: string; reason?: string } };

async function inbox(userId: string): Promise<Record<string, Item['autoDraft']>> {
  const page = await callRoute(getInbox, { userId });
  return Object.fromEntries(page.body.items.map((item: Item) => [item.title, item.autoDraft]));
}

/** A user with `balance` free credits following a feed at `path` with Auto-draft on. */
async function autoDraftFeed(userId: string, path: string, balance: number): Promise<string> {
  await ensureAccount({ userId, email: `${userId}@example.com` }, new Date());
  await credits.setFreeCredits(userId, balance, `test-${userId}`, new Date());
  feedHost.feed(path, { title: `Feed ${userId}`, entries: [] });
  const feed = (await callRoute(postFeed, { userId }, { body: { url: `${feedHost.url}${path}` } })).body;
  await callRoute(putFeed, { userId }, { params: { feedId: feed.id }, body: { autoDraft: true } });
  return feed.id;
}

async function runGeneration(userId: string, jobId: string) {
  return generationWorker(sqsEvent('generation', [JSON.stringify({ userId, jobId })]), {} as never);
}

describe('auto-draft across a failed check', () => {
  it('finishes on the retry what a check left between saving items and queueing their jobs: each drafted and charged once', async () => {
    const feedId = await autoDraftFeed('ola', '/retry', 5);
    feedHost.addEntry('/retry', entry('quay'));
    feedHost.addEntry('/retry', entry('lighthouse'));
    const message = JSON.stringify({ userId: 'ola', feedId });

    // The generation queue is unreachable: the check saves the new items, then fails its record.
    await sqs.send(new DeleteQueueCommand({ QueueUrl: generationQueue.url }));
    const failed = await feedWorker(sqsEvent('feeds', [message]), {} as never);
    expect(failed).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-0' }] });
    expect(Object.values(await inbox('ola'))).toEqual([{ status: 'pending' }, { status: 'pending' }]);

    // The queue is back; SQS redelivers the message (and, at least once, may do so twice).
    const [recreated] = await createQueues(sqs, [generationQueue.entry], 1);
    expect(recreated?.url).toBe(generationQueue.url);
    expect(await feedWorker(sqsEvent('feeds', [message]), {} as never)).toEqual({ batchItemFailures: [] });
    expect(await feedWorker(sqsEvent('feeds', [message]), {} as never)).toEqual({ batchItemFailures: [] });

    const drafts = await inbox('ola');
    expect(drafts['About the quay']).toMatchObject({ status: 'drafted' });
    expect(drafts['About the lighthouse']).toMatchObject({ status: 'drafted' });
    const poller = startQueuePoller(sqs, generationQueue);
    try {
      const deadline = Date.now() + 60_000;
      for (const draft of Object.values(drafts)) {
        while ((await jobs.getJob('ola', draft.jobId ?? ''))?.status !== 'succeeded') {
          if (Date.now() > deadline) throw new Error('the auto-draft jobs did not finish');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      // Any duplicate message received, ignored and deleted.
      await waitUntilQueueDrained(sqs, generationQueue.url);
    } finally {
      await poller.stop();
    }

    for (const draft of Object.values(drafts)) {
      expect(await getThreadForUser('ola', draft.threadId ?? '')).toMatchObject({ autoDraft: true });
      expect((await jobs.getJob('ola', draft.jobId ?? ''))?.attempts).toBe(1);
    }
    expect(await credits.getCredits('ola')).toMatchObject({ freeCredits: 3, usedCredits: 2 });
    const usage = (await credits.listLedgerForUser('ola')).filter((line) => line.type === 'usage');
    expect(usage).toHaveLength(2);
  }, 90_000);
});

describe('auto-draft and the balance', () => {
  it('counts the auto-drafts of earlier checks that have not finished, and says why it skipped', async () => {
    const feedId = await autoDraftFeed('pia', '/pending-credit', 1);
    feedHost.addEntry('/pending-credit', entry('market'));
    await pollFeed('pia', feedId, new Date());
    feedHost.addEntry('/pending-credit', entry('ferry'));

    // The first item's job has not run yet: the one credit is spoken for.
    await pollFeed('pia', feedId, new Date());

    const drafts = await inbox('pia');
    expect(drafts['About the market']).toMatchObject({ status: 'drafted' });
    expect(drafts['About the ferry']).toEqual({ status: 'skipped', reason: 'Not drafted: no credits left.' });
  });

  it('holds the credit of a drafted item for its job: nothing else can spend it, and the job takes it once', async () => {
    const feedId = await autoDraftFeed('quin', '/held', 1);
    feedHost.addEntry('/held', entry('quay'));
    await pollFeed('quin', feedId, new Date());
    const [queued] = Object.values(await inbox('quin'));
    expect(queued).toMatchObject({ status: 'drafted' });

    // The one credit left the balance when the item was drafted: an admin setting free credits to 0 changes nothing.
    expect(await credits.getCredits('quin')).toMatchObject({ freeCredits: 0, reservedCredits: 1, usedCredits: 0 });
    expect(await credits.setFreeCredits('quin', 0, 'test-quin-spent', new Date())).toBe('unchanged');
    await runGeneration('quin', queued?.jobId ?? '');
    await runGeneration('quin', queued?.jobId ?? '');

    expect(await inbox('quin')).toEqual({ 'About the quay': queued });
    expect(await jobs.getJob('quin', queued?.jobId ?? '')).toMatchObject({ status: 'succeeded' });
    const balance = await credits.getCredits('quin');
    expect(balance).toMatchObject({ freeCredits: 0, paidCredits: 0, usedCredits: 1 });
    expect(balance?.reservedCredits).toBeUndefined();
    expect((await credits.listLedgerForUser('quin')).filter((line) => line.type === 'usage')).toHaveLength(1);
  });

  it('gives a failed draft its credit back exactly once, and the item says why', async () => {
    // An article that cannot be read: the item says the draft failed, and why.
    const otherFeed = await autoDraftFeed('rae', '/gone', 2);
    feedHost.addEntry('/gone', { ...entry('quay'), title: 'Gone', link: `${articles.url}/missing-page` });
    await pollFeed('rae', otherFeed, new Date());
    const [gone] = Object.values(await inbox('rae'));
    expect(await credits.getCredits('rae')).toMatchObject({ freeCredits: 1, reservedCredits: 1 });
    await runGeneration('rae', gone?.jobId ?? '');
    // SQS delivers the message again: the ended job gives nothing back a second time.
    await runGeneration('rae', gone?.jobId ?? '');

    const failed = (await inbox('rae')).Gone;
    expect(failed).toMatchObject({ status: 'failed', jobId: gone?.jobId });
    expect(failed?.reason).toMatch(/^The draft failed: /);
    const balance = await credits.getCredits('rae');
    expect(balance).toMatchObject({ freeCredits: 2, usedCredits: 0 });
    expect(balance?.reservedCredits).toBeUndefined();
    expect((await credits.listLedgerForUser('rae')).filter((line) => line.type === 'usage')).toEqual([]);
  });
});

describe('auto-draft on feeds checked at once', () => {
  it('drafts exactly as many items as the balance covers; the rest are skipped, and every job drafted succeeds', async () => {
    const feedIds = [
      await autoDraftFeed('sol', '/at-once-1', 5),
      await autoDraftFeed('sol', '/at-once-2', 5),
      await autoDraftFeed('sol', '/at-once-3', 5),
    ];
    // The day's number is far above the balance, so only credits limit the drafts.
    await callRoute(putFeedSettings, { userId: 'sol' }, { body: { autoDraftsPerDay: 20 } });
    for (const path of ['/at-once-1', '/at-once-2', '/at-once-3']) {
      for (const slug of ['quay', 'lighthouse', 'market', 'ferry']) {
        feedHost.addEntry(path, { ...entry(slug), title: `${slug} from ${path}` });
      }
    }

    // Three scheduled checks on the real poll path, at the same moment.
    const now = new Date();
    expect(await Promise.all(feedIds.map((feedId) => pollFeed('sol', feedId, now)))).toEqual([
      'fetched',
      'fetched',
      'fetched',
    ]);

    const items = Object.values(await inbox('sol'));
    expect(items).toHaveLength(12);
    const drafted = items.filter((item) => item.status === 'drafted');
    const skipped = items.filter((item) => item.status !== 'drafted');
    expect(drafted).toHaveLength(5);
    expect(skipped).toEqual(Array(7).fill({ status: 'skipped', reason: 'Not drafted: no credits left.' }));
    expect(await credits.getCredits('sol')).toMatchObject({ freeCredits: 0, paidCredits: 0, reservedCredits: 5 });

    // The five jobs run together, as the generation worker's instances would.
    await Promise.all(drafted.map((draft) => runGeneration('sol', draft.jobId ?? '')));

    for (const draft of drafted) {
      expect(await jobs.getJob('sol', draft.jobId ?? '')).toMatchObject({ status: 'succeeded' });
      expect(await getThreadForUser('sol', draft.threadId ?? '')).toMatchObject({ autoDraft: true });
    }
    expect(Object.values(await inbox('sol')).filter((item) => item.status === 'drafted')).toHaveLength(5);
    const balance = await credits.getCredits('sol');
    expect(balance).toMatchObject({ freeCredits: 0, paidCredits: 0, usedCredits: 5 });
    expect(balance?.reservedCredits).toBeUndefined();
    const usage = (await credits.listLedgerForUser('sol')).filter((line) => line.type === 'usage');
    expect(usage.map((line) => line.threadId).sort()).toEqual(drafted.map((draft) => draft.threadId).sort());
    const audit = await auditCreditBalances();
    expect(audit.differences.filter((difference) => difference.userId === 'sol')).toEqual([]);
  }, 60_000);
});

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { articlePage } from '../../helpers/article-server';
import { startGenerationQueue, waitUntilQueueDrained } from '../../helpers/queue-harness';

const {
  sqs,
  queue: generationQueue,
  articleUrl,
  stop: stopPipeline,
} = await startGenerationQueue(
  '/ferry',
  articlePage({
    title: 'The ferry that never stopped',
    paragraphs: Array.from(
      { length: 6 },
      (_, index) =>
        `Crossing ${index + 1}: the island ferry has sailed twice a day since 1962, carrying post, schoolchildren and livestock across the sound in every season, and its crew of four knows every passenger by name.`,
    ),
  }),
);
const jobs = await import('#functions/data/generation-job-repository');
const credits = await import('#functions/data/credits-repository');
const deletion = await import('#functions/data/account-deletion-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const { submitGenerationJob } = await import('#functions/services/generation/submit-job');

afterAll(async () => {
  await stopPipeline();
});

describe('a generation message delivered more than once', () => {
  it('creates one thread and charges one credit', async () => {
    const identity = { userId: 'twice-user', email: 'twice@example.com' };
    await ensureAccount(identity, new Date());
    const job = await submitGenerationJob(identity, { url: articleUrl, tone: 'professional' }, new Date());
    // SQS delivers at least once: the same message arrives again, twice.
    for (let copy = 0; copy < 2; copy++) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: generationQueue.url,
          MessageBody: JSON.stringify({ userId: identity.userId, jobId: job.jobId }),
        }),
      );
    }
    const deadline = Date.now() + 30_000;
    while ((await jobs.getJob(identity.userId, job.jobId))?.status !== 'succeeded') {
      if (Date.now() > deadline) throw new Error('the job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Every copy received, handled and deleted (a failed one would come back, not drain).
    await waitUntilQueueDrained(sqs, generationQueue.url);

    expect(await credits.getCredits(identity.userId)).toMatchObject({ freeCredits: 4, usedCredits: 1 });
    const ledger = await credits.listLedgerForUser(identity.userId);
    expect(ledger.filter((entry) => entry.type === 'usage')).toHaveLength(1);
    // One thread: profile, role, credits, the personal workspace and its owner's membership, job, the
    // sign-up grant and usage entries, that thread and the hour's generation-request counter.
    expect(await deletion.countUserItems(identity.userId)).toBe(10);
    expect((await jobs.getJob(identity.userId, job.jobId))?.attempts).toBe(1);
  });
});

import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { harbourArticlePage } from '../../helpers/article-server';
import { startGenerationQueue } from '../../helpers/queue-harness';

// Stands in for a bug deep in generation, or an upstream outage: an error no domain rule expects.
const generatorError = vi.hoisted(() => ({ message: 'unexpected failure inside the generator' }));
vi.mock('#functions/services/generation/draft/generate-thread', () => ({
  generateThread: async () => {
    throw new Error(generatorError.message);
  },
}));

const {
  sqs,
  queue: generationQueue,
  articleUrl,
  stop: stopPipeline,
} = await startGenerationQueue('/story', harbourArticlePage());
const jobs = await import('#functions/data/generation-job-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const { submitGenerationJob } = await import('#functions/services/generation/submit-job');

afterAll(async () => {
  await stopPipeline();
});

async function dlqDepth(): Promise<number> {
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: generationQueue.dlqUrl,
      AttributeNames: ['ApproximateNumberOfMessages'],
    }),
  );
  return Number(attributes.Attributes?.ApproximateNumberOfMessages ?? 0);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the generation queue and its dead-letter queue', () => {
  it('moves a message no retry can fix to the DLQ after maxReceiveCount receives', async () => {
    const before = await dlqDepth();
    await sqs.send(new SendMessageCommand({ QueueUrl: generationQueue.url, MessageBody: '{"not":"a job"}' }));
    await eventually(async () => (await dlqDepth()) === before + 1);
  });

  it('marks the job failed with a clear message when its last attempt fails, charging nothing', async () => {
    const identity = { userId: 'dlq-user', email: 'dlq@example.com' };
    await ensureAccount(identity, new Date());
    const before = await dlqDepth();
    const job = await submitGenerationJob(identity, { url: articleUrl, tone: 'professional' }, new Date());
    await eventually(async () => (await jobs.getJob(identity.userId, job.jobId))?.status === 'failed');
    const failed = await jobs.getJob(identity.userId, job.jobId);
    expect(failed).toMatchObject({
      status: 'failed',
      failureKind: 'internal',
      attempts: 3,
      error: 'An unexpected error occurred while processing your URL. Please try again.',
    });
    await eventually(async () => (await dlqDepth()) === before + 1);
    const { getCredits } = await import('#functions/data/credits-repository');
    expect(await getCredits(identity.userId)).toMatchObject({ freeCredits: 5, usedCredits: 0 });
  });

  it('records a last failure that names a busy service as busy (the busy markers, applied by the worker)', async () => {
    generatorError.message = 'Upstream answered 503 Service Unavailable';
    const identity = { userId: 'dlq-busy-user', email: 'dlq-busy@example.com' };
    await ensureAccount(identity, new Date());
    const job = await submitGenerationJob(identity, { url: articleUrl, tone: 'professional' }, new Date());
    await eventually(async () => (await jobs.getJob(identity.userId, job.jobId))?.status === 'failed');
    expect(await jobs.getJob(identity.userId, job.jobId)).toMatchObject({
      failureKind: 'busy',
      retryable: true,
      error: 'The AI service is experiencing high demand. This is temporary and no credits were consumed.',
    });
  });
});

import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queues as queueEntries } from '../../functions/manifest';
import { freePort } from '../../local/ports';
import { startQueuePoller } from '../../local/queue-poller';
import { createQueues, type LocalQueue, localSqsClient, startSqs } from '../../local/queues';
import { startArticleServer } from './article-server';
import { startTestTable } from './test-table';

/**
 * The generation pipeline in this test process: a fresh table, a local article server serving one
 * page at `articlePath`, and local-aws-sqs with the manifest's queue and DLQ (retry after 1 s)
 * polled by the local poller calling the real worker, as `npm start` runs them.
 * Sets the environment the handlers read; import services after calling it.
 */
export async function startGenerationQueue(articlePath: string, articleHtml: string) {
  const table = await startTestTable();
  const articles = await startArticleServer();
  articles.page(articlePath, articleHtml);
  const server = await startSqs(await freePort());
  const sqs = localSqsClient(server.endpoint);
  const [queue] = (await createQueues(sqs, queueEntries, 1)) as [LocalQueue];
  Object.assign(process.env, {
    SQS_ENDPOINT: server.endpoint,
    GENERATION_QUEUE_URL: queue.url,
    ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
  });
  const poller = startQueuePoller(sqs, queue);
  return {
    sqs,
    queue,
    articleUrl: `${articles.url}${articlePath}`,
    stop: async () => {
      await poller.stop();
      await server.close();
      await articles.close();
      await table.stop();
    },
  };
}

/**
 * Resolves once the queue holds no message, visible or in flight: every copy has been received and
 * deleted. The event a "duplicates are ignored" check waits for, instead of a fixed pause.
 */
export async function waitUntilQueueDrained(sqs: SQSClient, queueUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const left =
      Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`${queueUrl} still holds ${left} messages after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

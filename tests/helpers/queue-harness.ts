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

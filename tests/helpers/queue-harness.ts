import { queues as queueEntries } from '../../functions/manifest';
import { freePort } from '../../local/ports';
import { startQueuePoller } from '../../local/queue-poller';
import { createQueues, type LocalQueue, localSqsClient, startSqs } from '../../local/queues';

/**
 * The generation queue in this test process: local-aws-sqs with the manifest's queue and DLQ
 * (retry after 1 s) and the local poller calling the real worker, as `npm start` runs them.
 * Sets the environment the handlers read; import services after calling it.
 */
export async function startGenerationQueue(extraEnv: Record<string, string>) {
  const server = await startSqs(await freePort());
  const sqs = localSqsClient(server.endpoint);
  const [queue] = (await createQueues(sqs, queueEntries, 1)) as [LocalQueue];
  Object.assign(process.env, { SQS_ENDPOINT: server.endpoint, GENERATION_QUEUE_URL: queue.url, ...extraEnv });
  const poller = startQueuePoller(sqs, queue);
  return {
    sqs,
    queue,
    stop: async () => {
      await poller.stop();
      await server.close();
    },
  };
}

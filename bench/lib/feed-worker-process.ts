/**
 * The feeds worker on its own, as its Lambda would run: the local poller feeding the real worker
 * from the feeds queue (environment from the parent). On 'stop' from the parent it stops polling
 * and prints its peak RSS.
 */
import { readFileSync } from 'node:fs';
import { queues } from '../../functions/manifest';
import { startQueuePoller } from '../../local/queue-poller';
import { localSqsClient } from '../../local/queues';

const entry = queues.find((queue) => queue.name === 'feeds');
if (!entry) throw new Error('no feeds queue in the manifest');
const sqs = localSqsClient(process.env.SQS_ENDPOINT ?? '');
// The parent made the queue with a 30 s visibility timeout (bench-services.ts): a failure waits that long.
const poller = startQueuePoller(sqs, { entry, url: process.env.FEEDS_QUEUE_URL ?? '', dlqUrl: '', retrySeconds: 30 });
process.send?.('ready');
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await poller.stop();
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  process.send?.({ peakRssMb: Math.round(peakKb / 1024) });
  process.exit(0);
});

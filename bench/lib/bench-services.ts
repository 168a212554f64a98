import path from 'node:path';
import { type QueueName, queues as queueEntries } from '../../functions/manifest';
import { ensureTable, startDynaliteProcess } from '../../local/dynamo';
import { freePort } from '../../local/ports';
import { createQueues, type LocalQueue, localSqsClient, startSqs } from '../../local/queues';

/**
 * The table and queues a bench runs on, as under `npm start`: dynalite in a process of its own
 * (data in `workDir`) and local-aws-sqs with the manifest's queues (a failed message retried after
 * 30 s). Each service's stop is pushed onto `stops`.
 */
export async function startBenchServices(workDir: string, queueName: QueueName, stops: Array<() => Promise<void>>) {
  const dynamo = await startDynaliteProcess(await freePort(), path.join(workDir, 'dynamodb'));
  stops.push(dynamo.close);
  const tableName = 'threadsnip-bench';
  await ensureTable(dynamo.endpoint, tableName);
  const sqsServer = await startSqs(await freePort());
  stops.push(sqsServer.close);
  const sqs = localSqsClient(sqsServer.endpoint);
  const queue: LocalQueue | undefined = (await createQueues(sqs, queueEntries, 30)).find(
    (each) => each.entry.name === queueName,
  );
  if (!queue) throw new Error(`no ${queueName} queue in the manifest`);
  return { dynamo, tableName, sqsServer, sqs, queue };
}

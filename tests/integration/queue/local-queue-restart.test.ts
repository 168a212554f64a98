import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteMessageCommand, type Message, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { queues as queueEntries } from '#functions/manifest';
import { freePort } from '#local/ports';
import { createQueues, type LocalQueue, type LocalSqs, localSqsClient, startSqs } from '#local/queues';

const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-queues-'));
const generation = queueEntries.filter((entry) => entry.name === 'generation');
const started: LocalSqs[] = [];
afterAll(async () => {
  for (const sqs of started) await sqs.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The local SQS on the folder, as `npm start` runs it: queues made (visibility 1 s), then what was left delivered. */
async function start(onInFlight?: (queue: string, body: string) => Promise<void>) {
  const server = await startSqs(await freePort(), { dir: dataDir });
  started.push(server);
  const sqs = localSqsClient(server.endpoint);
  const [queue] = (await createQueues(sqs, generation, 1)) as [LocalQueue];
  const redelivered = await server.redeliver(onInFlight);
  return { server, sqs, queue, redelivered };
}

/** Receives until `count` messages came (each received once, the visibility timeout being 1 s) or 5 s passed. */
async function receive(run: Awaited<ReturnType<typeof start>>, count: number): Promise<Message[]> {
  const got: Message[] = [];
  const deadline = Date.now() + 5_000;
  while (got.length < count && Date.now() < deadline) {
    const { Messages = [] } = await run.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: run.queue.url,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: 1,
        AttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    got.push(...Messages);
  }
  return got;
}

describe('the local queue kept in the data folder', () => {
  it('delivers after a restart what was waiting or in flight, and not what was deleted', async () => {
    // Arrange: three messages; one deleted after its receive, one received and left in flight, one never received.
    const first = await start();
    const send = (body: string) =>
      first.sqs.send(
        new SendMessageCommand({
          QueueUrl: first.queue.url,
          MessageBody: body,
          MessageAttributes: { correlationId: { DataType: 'String', StringValue: `request-${body}` } },
        }),
      );
    await send('{"n":1}');
    await send('{"n":2}');
    const received = await receive(first, 2);
    expect(received.map((message) => message.Body)).toEqual(['{"n":1}', '{"n":2}']);
    await first.sqs.send(
      new DeleteMessageCommand({ QueueUrl: first.queue.url, ReceiptHandle: received[0]?.ReceiptHandle }),
    );
    await send('{"n":3}');

    // Act: the server goes away without another word (its worker died with it), then starts on the folder.
    await first.server.close();
    const inFlight: string[] = [];
    const second = await start(async (queue, body) => {
      inFlight.push(`${queue}:${body}`);
    });

    // Assert: the two left are delivered, with their attributes; only the received one went through recovery.
    expect(second.redelivered).toBe(2);
    expect(inFlight).toEqual(['threadsnip-generation:{"n":2}']);
    const again = await receive(second, 2);
    expect(again.map((message) => message.Body).sort()).toEqual(['{"n":2}', '{"n":3}']);
    expect(again.map((message) => message.MessageAttributes?.correlationId?.StringValue).sort()).toEqual([
      'request-{"n":2}',
      'request-{"n":3}',
    ]);
  });

  it('keeps a redelivered message until it is deleted, across a second restart', async () => {
    const third = await start();
    expect(third.redelivered).toBe(2);
    const messages = await receive(third, 2);
    for (const message of messages)
      await third.sqs.send(
        new DeleteMessageCommand({ QueueUrl: third.queue.url, ReceiptHandle: message.ReceiptHandle }),
      );
    await third.server.close();

    const fourth = await start();

    expect(fourth.redelivered).toBe(0);
  });
});

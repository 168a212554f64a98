import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** A message the journal holds: sent and not yet deleted. */
export interface JournaledMessage {
  id: string;
  queue: string;
  body: string;
  /** The SendMessage request's MessageAttributes, as sent (the correlation id among them). */
  attributes?: Record<string, unknown>;
  /** Epoch ms the message first became receivable (its DelaySeconds after the send). */
  availableAt: number;
  /** Receives so far; 0 while it waits its first. */
  receiveCount: number;
  /** Epoch ms its last receive's visibility timeout ends. */
  visibleAt: number;
}

type Entry =
  | { op: 'send'; message: JournaledMessage }
  | { op: 'receive'; id: string; receiveCount: number; visibleAt: number }
  | { op: 'delete'; id: string }
  | { op: 'purge'; queue: string };

/** What CreateQueue told the server about a queue (its URL, visibility timeout and redrive policy). */
export interface QueueSettings {
  url: string;
  visibilitySeconds: number;
  deadLetterQueue?: string;
  maxReceiveCount?: number;
}

/** The queue name at the end of a queue URL or ARN. */
function queueNameOf(urlOrArn: unknown): string {
  const text = String(urlOrArn ?? '');
  return text.split(/[/:]/).filter(Boolean).pop() ?? '';
}

/**
 * The local queues' journal: an append-only log in `dir` of every message sent, received and deleted
 * (the AWS JSON protocol's requests and the answers the queue server gave them), so what a crash or a
 * stop of `npm start` leaves in the queues, waiting or in flight, is known at the next start. Replayed
 * and compacted when opened, as the local scheduler's log is.
 */
export function openQueueJournal(dir: string) {
  mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, 'messages.jsonl');
  const pending = new Map<string, JournaledMessage>();
  const apply = (entry: Entry) => {
    if (entry.op === 'send') pending.set(entry.message.id, entry.message);
    else if (entry.op === 'receive') {
      const message = pending.get(entry.id);
      if (message) Object.assign(message, { receiveCount: entry.receiveCount, visibleAt: entry.visibleAt });
    } else if (entry.op === 'delete') pending.delete(entry.id);
    else for (const [id, message] of pending) if (message.queue === entry.queue) pending.delete(id);
  };
  if (existsSync(logFile)) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        apply(JSON.parse(line) as Entry);
      } catch {
        // A line cut short by a crash mid-write: the rest of the log still stands.
      }
    }
  }
  const compacted = `${logFile}.tmp`;
  writeFileSync(
    compacted,
    [...pending.values()].map((message) => `${JSON.stringify({ op: 'send', message } satisfies Entry)}\n`).join(''),
  );
  renameSync(compacted, logFile);
  /** What the last run left: the messages to deliver again, in the order they were sent. */
  const leftOver = [...pending.values()];
  pending.clear();

  // Written before the queue server's answer leaves, so an acknowledged send or delete is on disk.
  const record = (entry: Entry) => {
    apply(entry);
    appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
  };
  return { leftOver, record, pending: (id: string) => pending.get(id) };
}

type Journal = ReturnType<typeof openQueueJournal>;

/**
 * Wraps local-aws-sqs's request handler so each successful JSON-protocol call that changes what a
 * queue holds is journaled (the SDK the app, the pollers and the tests use speaks only that protocol).
 * Also learns each queue's settings from its CreateQueue, for the redelivery at start.
 */
export function journaling(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  journal: Journal,
  settings: Map<string, QueueSettings>,
) {
  const receipts = new Map<string, string>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const action = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (!action || !String(req.headers['content-type'] ?? '').includes('json')) return handle(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode === 200) {
        try {
          // DeleteMessage answers with no body at all.
          const answer = typeof args[0] === 'string' && args[0] ? JSON.parse(args[0]) : {};
          observe(action, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'), answer);
        } catch (error) {
          console.error(`[queues] ${action} not journaled:`, error);
        }
      }
      return end(...args);
    }) as typeof res.end;
    return handle(req, res);
  };

  // biome-ignore lint/suspicious/noExplicitAny: the SQS JSON protocol's request and answer, read field by field
  function observe(action: string, request: any, answer: any): void {
    const queue = queueNameOf(request.QueueUrl);
    const now = Date.now();
    const send = (id: string, entry: { MessageBody: string; DelaySeconds?: number; MessageAttributes?: object }) =>
      journal.record({
        op: 'send',
        message: {
          id,
          queue,
          body: entry.MessageBody,
          ...(entry.MessageAttributes ? { attributes: entry.MessageAttributes as Record<string, unknown> } : {}),
          availableAt: now + Number(entry.DelaySeconds ?? 0) * 1000,
          receiveCount: 0,
          visibleAt: 0,
        },
      });
    const remove = (handle: string) => {
      const id = receipts.get(handle);
      if (id === undefined) return;
      receipts.delete(handle);
      journal.record({ op: 'delete', id });
    };
    switch (action) {
      case 'CreateQueue': {
        const attributes = request.Attributes ?? {};
        const redrive = attributes.RedrivePolicy ? JSON.parse(attributes.RedrivePolicy) : undefined;
        settings.set(String(request.QueueName), {
          url: String(answer.QueueUrl),
          visibilitySeconds: Number(attributes.VisibilityTimeout ?? 30),
          ...(redrive
            ? {
                deadLetterQueue: queueNameOf(redrive.deadLetterTargetArn),
                maxReceiveCount: Number(redrive.maxReceiveCount),
              }
            : {}),
        });
        return;
      }
      case 'SendMessage':
        send(String(answer.MessageId), request);
        return;
      case 'SendMessageBatch':
        for (const done of answer.Successful ?? []) {
          const entry = (request.Entries ?? []).find((candidate: { Id: string }) => candidate.Id === done.Id);
          if (entry) send(String(done.MessageId), entry);
        }
        return;
      case 'ReceiveMessage': {
        const visibilitySeconds = Number(request.VisibilityTimeout ?? settings.get(queue)?.visibilitySeconds ?? 30);
        for (const message of answer.Messages ?? []) {
          receipts.set(String(message.ReceiptHandle), String(message.MessageId));
          journal.record({
            op: 'receive',
            id: String(message.MessageId),
            receiveCount: Number(message.Attributes?.ApproximateReceiveCount ?? 1),
            visibleAt: now + visibilitySeconds * 1000,
          });
        }
        return;
      }
      case 'ChangeMessageVisibility': {
        const id = receipts.get(String(request.ReceiptHandle));
        const message = id === undefined ? undefined : journal.pending(id);
        if (message)
          journal.record({
            op: 'receive',
            id: message.id,
            receiveCount: message.receiveCount,
            visibleAt: now + Number(request.VisibilityTimeout ?? 0) * 1000,
          });
        return;
      }
      case 'DeleteMessage':
        remove(String(request.ReceiptHandle));
        return;
      case 'DeleteMessageBatch':
        for (const done of answer.Successful ?? []) {
          const entry = (request.Entries ?? []).find((candidate: { Id: string }) => candidate.Id === done.Id);
          if (entry) remove(String(entry.ReceiptHandle));
        }
        return;
      case 'PurgeQueue':
      case 'DeleteQueue':
        journal.record({ op: 'purge', queue });
        return;
    }
  }
}

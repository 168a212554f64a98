import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { EventRuleEntry } from '../functions/manifest';
import { AwsApiError } from './aws-api-error';
import { invokeHandler } from './lambda-runtime';

/** The local stack's application bus (the stack's custom EventBridge bus in the cloud). */
export const LOCAL_EVENT_BUS = 'threadsnip-local';
/** Deliveries a rule's target gets before the event is dropped (the cloud rule's retry attempts). */
export const LOCAL_RULE_RETRIES = 2;

/** One event as a rule's target receives it (the EventBridge event envelope). */
export interface LocalBusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

/**
 * A small in-process EventBridge bus: PutEvents as the SDK sends it (AWS JSON 1.1, `x-amz-target:
 * AWSEvents.PutEvents`), checked as the service documents it (1–10 entries, the bus must exist,
 * Source and DetailType present, Detail a JSON object), and each accepted event delivered to every
 * rule whose pattern matches it (`source` and `detail-type`), its target invoked as Lambda would be,
 * asynchronously, retried with back-off up to LOCAL_RULE_RETRIES times. Events live in memory only.
 */
export async function startLocalEventBus(options: {
  rules: EventRuleEntry[];
  /** Rules whose target is a queue (a manifest queue's `fromEvents`): the event, as JSON, is sent there. */
  queueRules?: { name: string; detailTypes: string[]; send: (body: string) => Promise<void> }[];
  source: string;
  port?: number;
  /** Called after each delivery attempt (tests wait on it). */
  onDelivered?: (event: LocalBusEvent, rule: EventRuleEntry, outcome: { ok: boolean }) => void;
}) {
  const inFlight = new Set<Promise<void>>();
  let running = false;

  const deliver = async (event: LocalBusEvent, rule: EventRuleEntry) => {
    for (let attempt = 0; attempt <= LOCAL_RULE_RETRIES && running; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 250));
      try {
        await invokeHandler(rule.handler, event, rule.timeoutSeconds);
        options.onDelivered?.(event, rule, { ok: true });
        return;
      } catch (error) {
        console.error(`[event-bus] ${rule.name} delivery failed:`, error instanceof Error ? error.message : error);
        options.onDelivered?.(event, rule, { ok: false });
      }
    }
    console.error(`[event-bus] ${event['detail-type']} ${event.id} dropped for ${rule.name}`);
  };

  // As a rule's SQS target: the event envelope as the message body, retried like a Lambda target.
  const sendToQueue = async (event: LocalBusEvent, rule: { name: string; send: (body: string) => Promise<void> }) => {
    for (let attempt = 0; attempt <= LOCAL_RULE_RETRIES; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 250));
      try {
        await rule.send(JSON.stringify(event));
        return;
      } catch (error) {
        console.error(`[event-bus] ${rule.name} send failed:`, error instanceof Error ? error.message : error);
      }
    }
    console.error(`[event-bus] ${event['detail-type']} ${event.id} dropped for ${rule.name}`);
  };

  const putEvents = (body: Record<string, unknown>) => {
    const entries = body.Entries;
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > 10) {
      throw new AwsApiError(400, 'ValidationException', 'Entries must hold 1 to 10 entries');
    }
    const results = entries.map((raw: Record<string, unknown>) => {
      const bus = String(raw.EventBusName ?? 'default');
      if (bus !== LOCAL_EVENT_BUS)
        throw new AwsApiError(400, 'ResourceNotFoundException', `Event bus ${bus} does not exist.`);
      let detail: unknown;
      try {
        detail = JSON.parse(String(raw.Detail ?? ''));
      } catch {
        detail = undefined;
      }
      if (!raw.Source || !raw.DetailType || typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
        return {
          ErrorCode: 'MalformedDetail',
          ErrorMessage: 'Source, DetailType and a JSON object Detail are required',
        };
      }
      const event: LocalBusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': String(raw.DetailType),
        source: String(raw.Source),
        account: '000000000000',
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: 'us-east-1',
        resources: [],
        detail,
      };
      const matching = options.rules.filter(
        (rule) => event.source === options.source && (rule.detailTypes as string[]).includes(event['detail-type']),
      );
      for (const rule of matching) {
        const delivery: Promise<void> = deliver(event, rule).finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
      for (const rule of options.queueRules ?? []) {
        if (event.source !== options.source || !rule.detailTypes.includes(event['detail-type'])) continue;
        const sent: Promise<void> = sendToQueue(event, rule).finally(() => inFlight.delete(sent));
        inFlight.add(sent);
      }
      return { EventId: event.id };
    });
    const failed = results.filter((result) => 'ErrorCode' in result).length;
    return { FailedEntryCount: failed, Entries: results };
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let status = 200;
    let answer: unknown;
    const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.method !== 'POST' || req.headers['x-amz-target'] !== 'AWSEvents.PutEvents') {
        throw new AwsApiError(400, 'UnknownOperationException', `Only AWSEvents.PutEvents is served here`);
      }
      answer = putEvents(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
    } catch (error) {
      const failure = error instanceof AwsApiError ? error : new AwsApiError(400, 'ValidationException', String(error));
      status = failure.status;
      headers['x-amzn-errortype'] = failure.type;
      answer = { __type: failure.type, message: failure.message };
    }
    res.writeHead(status, headers);
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    /** The environment the handlers need to put events here. */
    handlerEnv: { EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${port}`, EVENT_BUS_NAME: LOCAL_EVENT_BUS },
    /** Starts delivering (once the stack has set the handlers' environment). */
    begin: () => {
      running = true;
    },
    /** Resolves once every delivery under way has ended. */
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    stop: async () => {
      running = false;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}

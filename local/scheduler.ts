import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { SchedulerTargetEntry } from '../functions/manifest';
import { instantOfAtExpression } from '../shared/scheduling/slots';
import { isKnownTimeZone } from '../shared/time-zone';
import { AwsApiError } from './aws-api-error';
import { invokeHandler, localFunctionArn } from './lambda-runtime';

/** The local stack's schedule group and the role schedules must name (the cloud's group and scheduler role). */
export const LOCAL_SCHEDULE_GROUP = 'threadsnip-local';
export const LOCAL_SCHEDULER_ROLE_ARN = 'arn:aws:iam::000000000000:role/threadsnip-local-scheduler';

/** One schedule as the local scheduler keeps it. */
export interface LocalSchedule {
  name: string;
  group: string;
  expression: string;
  timeZone: string;
  /** When it is due, epoch ms (from the expression in its zone). */
  dueAt: number;
  state: 'ENABLED' | 'DISABLED';
  actionAfterCompletion: 'NONE' | 'DELETE';
  target: { arn: string; roleArn: string; input: string; maxRetries: number; maxAgeSeconds: number };
  /** Done (delivered, with ActionAfterCompletion NONE): kept, never fired again. */
  completed: boolean;
}

const NAME_PATTERN = /^[0-9a-zA-Z-_.]{1,64}$/;

/**
 * A local EventBridge Scheduler for the one-time schedules of scheduled items and engagement readings: the REST API the SDK
 * speaks (CreateSchedule, UpdateSchedule, GetSchedule, DeleteSchedule on /schedules/{Name}), checking
 * requests as the service documents them, and a timer that delivers each schedule's input to its
 * target (one of the manifest scheduler targets, invoked as Lambda would be) at its time. Schedules are kept in
 * an append-only log in `dir`, so they survive restarts; at start, every schedule that came due while
 * the stack was stopped is delivered at once (EventBridge delivers late rather than never). A failed
 * delivery is retried with back-off, up to the target's retry policy.
 */
export async function startLocalScheduler(options: {
  dir: string;
  /** The functions schedules may target (the manifest's scheduler targets). */
  targets: SchedulerTargetEntry[];
  port?: number;
  /** Deliveries running at once (a burst of due schedules queues behind them). */
  concurrency?: number;
  /** Called after each delivery attempt (the benchmark's fire delays). */
  onDelivered?: (schedule: LocalSchedule, outcome: { ok: boolean; deliveredAt: number }) => void;
}) {
  mkdirSync(options.dir, { recursive: true });
  const logFile = path.join(options.dir, 'schedules.jsonl');
  const schedules = new Map<string, LocalSchedule>();
  const keyOf = (group: string, name: string) => `${group}/${name}`;
  const targetsByArn = new Map(options.targets.map((target) => [localFunctionArn(target.handler), target]));

  // Replay the log, then write it back compacted (one line per live schedule).
  if (existsSync(logFile)) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as { op: 'put'; schedule: LocalSchedule } | { op: 'delete'; key: string };
        if (entry.op === 'put') schedules.set(keyOf(entry.schedule.group, entry.schedule.name), entry.schedule);
        else schedules.delete(entry.key);
      } catch {
        // A line cut short by a crash mid-write: the rest of the log still stands.
      }
    }
  }
  const compacted = `${logFile}.tmp`;
  writeFileSync(
    compacted,
    [...schedules.values()].map((schedule) => `${JSON.stringify({ op: 'put', schedule })}\n`).join(''),
  );
  renameSync(compacted, logFile);
  const record = (entry: object) => appendFileSync(logFile, `${JSON.stringify(entry)}\n`);

  // ---- delivery ----
  // Due times in a min-heap; an entry whose schedule changed since (another version) is skipped.
  const versions = new Map<string, number>();
  let nextVersion = 0;
  const heap: { at: number; key: string; version: number }[] = [];
  const push = (entry: { at: number; key: string; version: number }) => {
    heap.push(entry);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= heap[i]!.at) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (l < heap.length && heap[l]!.at < heap[least]!.at) least = l;
        if (r < heap.length && heap[r]!.at < heap[least]!.at) least = r;
        if (least === i) break;
        [heap[least], heap[i]] = [heap[i]!, heap[least]!];
        i = least;
      }
    }
    return top;
  };
  /** Records a schedule's new version and, when it is to fire, its due time. */
  const track = (key: string, schedule: LocalSchedule | undefined, at?: number) => {
    const version = nextVersion++;
    versions.set(key, version);
    if (schedule && schedule.state === 'ENABLED' && !schedule.completed)
      push({ at: at ?? schedule.dueAt, key, version });
  };
  const live = (entry: { key: string; version: number }) => versions.get(entry.key) === entry.version;

  const attempts = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  // Deliveries start once the stack has set the handlers' environment (`begin`).
  let running = false;
  const concurrency = options.concurrency ?? 16;

  const deliver = async (key: string, schedule: LocalSchedule, version: number) => {
    let ok = false;
    try {
      // Only schedules naming a known target are accepted (parse), so the target is there.
      const { handler, timeoutSeconds } = targetsByArn.get(schedule.target.arn)!;
      await invokeHandler(handler, JSON.parse(schedule.target.input), timeoutSeconds);
      ok = true;
    } catch (error) {
      console.error(`[scheduler] ${schedule.name} delivery failed:`, error instanceof Error ? error.message : error);
    }
    options.onDelivered?.(schedule, { ok, deliveredAt: Date.now() });
    // Changed or deleted while it was being delivered: the newer version stands.
    if (versions.get(key) !== version) return;
    const tries = (attempts.get(key) ?? 0) + 1;
    const tooOld = Date.now() - schedule.dueAt > schedule.target.maxAgeSeconds * 1000;
    if (ok || tries > schedule.target.maxRetries || tooOld) {
      if (!ok) console.error(`[scheduler] ${schedule.name} dropped after ${tries} attempt(s)`);
      attempts.delete(key);
      if (schedule.actionAfterCompletion === 'DELETE') {
        schedules.delete(key);
        track(key, undefined);
        record({ op: 'delete', key });
      } else {
        const done = { ...schedule, completed: true };
        schedules.set(key, done);
        track(key, done);
        record({ op: 'put', schedule: done });
      }
      return;
    }
    attempts.set(key, tries);
    // The same version, due again after a back-off (kept in memory: after a restart it is due at once).
    push({ at: Date.now() + Math.min(60, 2 ** (tries - 1)) * 1000, key, version });
  };

  const tick = () => {
    if (!running) return;
    const now = Date.now();
    while (heap.length > 0 && inFlight.size < concurrency) {
      const top = heap[0]!;
      if (!live(top)) {
        pop();
        continue;
      }
      if (top.at > now) break;
      pop();
      const schedule = schedules.get(top.key)!;
      const delivery: Promise<void> = deliver(top.key, schedule, top.version).finally(() => {
        inFlight.delete(delivery);
        tick();
      });
      inFlight.add(delivery);
    }
    arm();
  };

  /** Wakes at the next due time (at most a second away, so a long sleep never drifts). */
  const arm = () => {
    if (!running) return;
    clearTimeout(timer);
    while (heap.length > 0 && !live(heap[0]!)) pop();
    if (heap.length === 0 || inFlight.size >= concurrency) return;
    timer = setTimeout(tick, Math.min(1000, Math.max(0, heap[0]!.at - Date.now())));
    timer.unref();
  };

  for (const [key, schedule] of schedules) track(key, schedule);

  // ---- the API ----
  const parse = (name: string, group: string, body: Record<string, unknown>): LocalSchedule => {
    if (!NAME_PATTERN.test(name))
      throw new AwsApiError(400, 'ValidationException', 'Name must match [0-9a-zA-Z-_.]{1,64}');
    if (group !== LOCAL_SCHEDULE_GROUP && group !== 'default')
      throw new AwsApiError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    const expression = String(body.ScheduleExpression ?? '');
    const timeZone = String(body.ScheduleExpressionTimezone ?? 'UTC');
    if (!isKnownTimeZone(timeZone)) throw new AwsApiError(400, 'ValidationException', `Invalid timezone ${timeZone}`);
    const dueAt = instantOfAtExpression(expression, timeZone);
    // Only one-time schedules are made by the app, so rate() and cron() are not run locally.
    if (!dueAt) throw new AwsApiError(400, 'ValidationException', `Invalid one-time expression ${expression}`);
    const window = body.FlexibleTimeWindow as { Mode?: string; MaximumWindowInMinutes?: number } | undefined;
    if (window?.Mode !== 'OFF' && window?.Mode !== 'FLEXIBLE')
      throw new AwsApiError(400, 'ValidationException', 'FlexibleTimeWindow.Mode must be OFF or FLEXIBLE');
    if (window.Mode === 'FLEXIBLE' && !window.MaximumWindowInMinutes)
      throw new AwsApiError(400, 'ValidationException', 'A FLEXIBLE window needs MaximumWindowInMinutes');
    const target = body.Target as
      | {
          Arn?: string;
          RoleArn?: string;
          Input?: string;
          RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
        }
      | undefined;
    if (!target?.Arn || !target.RoleArn)
      throw new AwsApiError(400, 'ValidationException', 'Target.Arn and Target.RoleArn are required');
    if (!targetsByArn.has(target.Arn)) throw new AwsApiError(400, 'ValidationException', `No function ${target.Arn}`);
    // iam:PassRole: only the scheduler role may be handed over.
    if (target.RoleArn !== LOCAL_SCHEDULER_ROLE_ARN)
      throw new AwsApiError(403, 'AccessDeniedException', `Not authorized to pass role ${target.RoleArn}`);
    const action = String(body.ActionAfterCompletion ?? 'NONE');
    if (action !== 'NONE' && action !== 'DELETE')
      throw new AwsApiError(400, 'ValidationException', 'ActionAfterCompletion must be NONE or DELETE');
    const state = String(body.State ?? 'ENABLED');
    if (state !== 'ENABLED' && state !== 'DISABLED')
      throw new AwsApiError(400, 'ValidationException', 'State must be ENABLED or DISABLED');
    return {
      name,
      group,
      expression,
      timeZone,
      dueAt: dueAt.getTime(),
      state,
      actionAfterCompletion: action,
      target: {
        arn: target.Arn,
        roleArn: target.RoleArn,
        input: target.Input ?? '{}',
        maxRetries: target.RetryPolicy?.MaximumRetryAttempts ?? 185,
        maxAgeSeconds: target.RetryPolicy?.MaximumEventAgeInSeconds ?? 86_400,
      },
      completed: false,
    };
  };

  const arnOf = (schedule: { group: string; name: string }) =>
    `arn:aws:scheduler:us-east-1:000000000000:schedule/${schedule.group}/${schedule.name}`;

  const handle = async (req: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match) throw new AwsApiError(404, 'ResourceNotFoundException', `No route ${req.method} ${url.pathname}`);
    const name = decodeURIComponent(match[1]!);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const group = String(body.GroupName ?? url.searchParams.get('groupName') ?? 'default');
    const key = keyOf(group, name);
    const existing = schedules.get(key);
    if (req.method === 'POST' || req.method === 'PUT') {
      if (req.method === 'POST' && existing)
        throw new AwsApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
      if (req.method === 'PUT' && !existing)
        throw new AwsApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
      const schedule = parse(name, group, body);
      schedules.set(key, schedule);
      attempts.delete(key);
      track(key, schedule);
      record({ op: 'put', schedule });
      arm();
      return { status: 200, body: { ScheduleArn: arnOf(schedule) } };
    }
    if (!existing) throw new AwsApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    if (req.method === 'DELETE') {
      schedules.delete(key);
      attempts.delete(key);
      track(key, undefined);
      record({ op: 'delete', key });
      arm();
      return { status: 200, body: {} };
    }
    if (req.method === 'GET') {
      return {
        status: 200,
        body: {
          Arn: arnOf(existing),
          Name: existing.name,
          GroupName: existing.group,
          ScheduleExpression: existing.expression,
          ScheduleExpressionTimezone: existing.timeZone,
          State: existing.state,
          ActionAfterCompletion: existing.actionAfterCompletion,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: existing.target.arn, RoleArn: existing.target.roleArn, Input: existing.target.input },
        },
      };
    }
    throw new AwsApiError(405, 'ValidationException', `Method ${req.method} not supported`);
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let answer: { status: number; body: unknown; type?: string };
    try {
      answer = await handle(req);
    } catch (error) {
      const failure =
        error instanceof AwsApiError ? error : new AwsApiError(400, 'ValidationException', (error as Error).message);
      answer = { status: failure.status, type: failure.type, body: { Message: failure.message } };
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      ...(answer.type ? { 'x-amzn-errortype': answer.type } : {}),
    });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    /** The environment the handlers need to schedule here. */
    handlerEnv: {
      SCHEDULER_ENDPOINT: `http://127.0.0.1:${port}`,
      SCHEDULER_GROUP_NAME: LOCAL_SCHEDULE_GROUP,
      SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE_ARN,
      ...(Object.fromEntries(
        options.targets.map((target) => [target.arnEnv, localFunctionArn(target.handler)]),
      ) as Partial<Record<SchedulerTargetEntry['arnEnv'], string>>),
    },
    /** The schedules held now (tests look at what the app asked for). */
    list: (): LocalSchedule[] => [...schedules.values()],
    /** Starts delivering: what came due while the stack was stopped goes out at once. */
    begin: () => {
      running = true;
      tick();
    },
    stop: async () => {
      running = false;
      clearTimeout(timer);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await Promise.allSettled(inFlight.values());
    },
  };
}

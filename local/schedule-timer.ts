import type { ScheduledEvent } from 'aws-lambda';
import type { ScheduleEntry } from '../functions/manifest';
import { invokeHandler } from './lambda-runtime';

/** A manifest schedule as the local timer runs it: daily at a UTC time, or every so often. */
export type LocalSchedule = { kind: 'daily'; minute: number; hour: number } | { kind: 'rate'; everyMs: number };

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * Reads the EventBridge expressions the manifest uses: the daily `cron(M H * * ? *)` and
 * `rate(N minute|minutes|hour|hours|day|days)`; any other form is refused at start.
 */
export function parseSchedule(expression: string): LocalSchedule {
  const daily = /^cron\((\d{1,2}) (\d{1,2}) \* \* \? \*\)$/.exec(expression);
  if (daily) return { kind: 'daily', minute: Number(daily[1]), hour: Number(daily[2]) };
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  const unit = rate ? RATE_UNITS[rate[2] ?? ''] : undefined;
  if (rate && unit && Number(rate[1]) > 0) return { kind: 'rate', everyMs: Number(rate[1]) * unit };
  throw new Error(`Only daily cron(M H * * ? *) and rate(N unit) schedules run locally, not ${expression}`);
}

/** Milliseconds from `now` to the next UTC hour:minute. */
export function msUntilNext(now: Date, at: { minute: number; hour: number }): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** Milliseconds from `now` to the schedule's next run; a rate runs on whole multiples of its period (UTC). */
export function msUntilNextRun(now: Date, schedule: LocalSchedule): number {
  if (schedule.kind === 'daily') return msUntilNext(now, schedule);
  return schedule.everyMs - (now.getTime() % schedule.everyMs);
}

/** Calls the schedule's handler with an EventBridge scheduled event at each of its times. */
export function startScheduleTimer(schedule: ScheduleEntry): { stop: () => void } {
  const parsed = parseSchedule(schedule.cron);
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(
      async () => {
        const event: ScheduledEvent = {
          version: '0',
          id: crypto.randomUUID(),
          'detail-type': 'Scheduled Event',
          source: 'aws.events',
          account: '000000000000',
          time: new Date().toISOString(),
          region: 'us-east-1',
          resources: [`arn:aws:events:us-east-1:000000000000:rule/${schedule.name}`],
          detail: {},
        };
        try {
          await invokeHandler(schedule.handler, event, schedule.timeoutSeconds ?? 300);
        } catch (error) {
          console.error(`[schedule ${schedule.name}] failed:`, error);
        }
        arm();
      },
      msUntilNextRun(new Date(), parsed),
    );
    timer.unref();
  };
  arm();
  return { stop: () => clearTimeout(timer) };
}

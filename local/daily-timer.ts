import type { ScheduledEvent } from 'aws-lambda';
import type { ScheduleEntry } from '../functions/manifest';
import { invokeHandler } from './lambda-runtime';

/** Reads the daily `cron(M H * * ? *)` form EventBridge rules use; other forms are not run locally. */
export function parseDailyCron(expression: string): { minute: number; hour: number } {
  const match = /^cron\((\d{1,2}) (\d{1,2}) \* \* \? \*\)$/.exec(expression);
  if (!match) throw new Error(`Only daily cron(M H * * ? *) schedules run locally, not ${expression}`);
  return { minute: Number(match[1]), hour: Number(match[2]) };
}

/** Milliseconds from `now` to the next UTC hour:minute. */
export function msUntilNext(now: Date, at: { minute: number; hour: number }): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** Calls the schedule's handler with an EventBridge scheduled event every day at its time. */
export function startDailyTimer(schedule: ScheduleEntry): { stop: () => void } {
  const at = parseDailyCron(schedule.cron);
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
          await invokeHandler(schedule.handler, event, 300);
        } catch (error) {
          console.error(`[schedule ${schedule.name}] failed:`, error);
        }
        arm();
      },
      msUntilNext(new Date(), at),
    );
    timer.unref();
  };
  arm();
  return { stop: () => clearTimeout(timer) };
}

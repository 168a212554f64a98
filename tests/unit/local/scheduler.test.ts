import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  GetScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';

const dir = mkdtempSync(path.join(tmpdir(), 'threadsnip-scheduler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const client = (endpoint: string) =>
  new SchedulerClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/** A well-formed request as the app sends it, far enough ahead that nothing fires during the test. */
function request(env: Record<string, string>, name: string, overrides: Partial<CreateScheduleCommandInput> = {}) {
  return {
    Name: name,
    GroupName: env.SCHEDULER_GROUP_NAME,
    ScheduleExpression: 'at(2099-06-01T09:00:00)',
    ScheduleExpressionTimezone: 'Europe/Dublin',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: env.SCHEDULER_TARGET_ARN, RoleArn: env.SCHEDULER_ROLE_ARN, Input: '{"itemId":"x"}' },
    ...overrides,
  } satisfies CreateScheduleCommandInput;
}

describe('the local EventBridge Scheduler', () => {
  it('answers the SDK as the service does: created once, updated, read, deleted, and missing ones not found', async () => {
    const scheduler = await startLocalScheduler({ dir: path.join(dir, 'api'), targets: [schedulerTarget] });
    const sdk = client(scheduler.handlerEnv.SCHEDULER_ENDPOINT);
    const env = scheduler.handlerEnv;
    try {
      await sdk.send(new CreateScheduleCommand(request(env, 'item-1')));
      await expect(sdk.send(new CreateScheduleCommand(request(env, 'item-1')))).rejects.toMatchObject({
        name: 'ConflictException',
      });
      await sdk.send(
        new UpdateScheduleCommand(request(env, 'item-1', { ScheduleExpression: 'at(2099-07-01T10:30:00)' })),
      );
      const read = await sdk.send(new GetScheduleCommand({ Name: 'item-1', GroupName: env.SCHEDULER_GROUP_NAME }));

      expect(read).toMatchObject({
        ScheduleExpression: 'at(2099-07-01T10:30:00)',
        ScheduleExpressionTimezone: 'Europe/Dublin',
      });
      // 10:30 Irish summer time.
      expect(scheduler.list()[0]?.dueAt).toBe(Date.parse('2099-07-01T09:30:00Z'));
      await sdk.send(new DeleteScheduleCommand({ Name: 'item-1', GroupName: env.SCHEDULER_GROUP_NAME }));
      for (const command of [
        new DeleteScheduleCommand({ Name: 'item-1', GroupName: env.SCHEDULER_GROUP_NAME }),
        new UpdateScheduleCommand(request(env, 'item-1')),
      ]) {
        await expect(sdk.send(command as DeleteScheduleCommand)).rejects.toMatchObject({
          name: 'ResourceNotFoundException',
        });
      }
    } finally {
      await scheduler.stop();
    }
  });

  it.each([
    ['a recurring expression', { ScheduleExpression: 'rate(5 minutes)' }, 'ValidationException'],
    ['an unknown zone', { ScheduleExpressionTimezone: 'Mars/Olympus_Mons' }, 'ValidationException'],
    ['a name with a slash', { Name: 'item/1' }, 'ValidationException'],
    ['another group', { GroupName: 'someone-elses' }, 'ResourceNotFoundException'],
    [
      'another target',
      { Target: { Arn: 'arn:aws:lambda:us-east-1:000000000000:function:x', RoleArn: 'r' } },
      'ValidationException',
    ],
  ] as const)('refuses %s', async (_what, overrides, error) => {
    const scheduler = await startLocalScheduler({ dir: path.join(dir, 'refusals'), targets: [schedulerTarget] });
    const sdk = client(scheduler.handlerEnv.SCHEDULER_ENDPOINT);
    try {
      await expect(
        sdk.send(
          new CreateScheduleCommand(
            request(scheduler.handlerEnv, 'item-2', overrides as Partial<CreateScheduleCommandInput>),
          ),
        ),
      ).rejects.toMatchObject({ name: error });
      expect(scheduler.list()).toEqual([]);
    } finally {
      await scheduler.stop();
    }
  });

  it('refuses to pass any role but the scheduler role', async () => {
    const scheduler = await startLocalScheduler({ dir: path.join(dir, 'role'), targets: [schedulerTarget] });
    const env = scheduler.handlerEnv;
    try {
      const other = { Arn: env.SCHEDULER_TARGET_ARN, RoleArn: 'arn:aws:iam::000000000000:role/admin' };
      await expect(
        client(env.SCHEDULER_ENDPOINT).send(new CreateScheduleCommand(request(env, 'item-3', { Target: other }))),
      ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    } finally {
      await scheduler.stop();
    }
  });

  it('keeps its schedules across a restart on the same folder, deletions included', async () => {
    const folder = path.join(dir, 'durable');
    const first = await startLocalScheduler({ dir: folder, targets: [schedulerTarget] });
    const sdk = client(first.handlerEnv.SCHEDULER_ENDPOINT);
    await sdk.send(new CreateScheduleCommand(request(first.handlerEnv, 'kept')));
    await sdk.send(new CreateScheduleCommand(request(first.handlerEnv, 'dropped')));
    await sdk.send(new DeleteScheduleCommand({ Name: 'dropped', GroupName: first.handlerEnv.SCHEDULER_GROUP_NAME }));
    await first.stop();

    const second = await startLocalScheduler({ dir: folder, targets: [schedulerTarget] });
    try {
      expect(second.list().map((schedule) => schedule.name)).toEqual(['kept']);
    } finally {
      await second.stop();
    }
  });
});

import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import type { SchedulerTargetName } from '../../manifest';
import { config } from '../config';
import { traced } from '../tracer';

/** The one EventBridge Scheduler client of this process (the local scheduler when configured). */
const scheduler = traced(new SchedulerClient({ region: config().region, endpoint: config().endpoints.scheduler }));

/** When to fire: an `at(yyyy-mm-ddThh:mm:ss)` expression and the zone its wall clock is in. */
export interface OneTimeExpression {
  expression: string;
  timeZone: string;
}

/**
 * The fire is idempotent, so a failed invocation is retried for as long as the service allows (late
 * rather than never); a reading fails only when the platform rate-limits it or our side failed, and
 * is retried a few times within six hours (its figures would no longer be of that slot after).
 */
const RETRY_POLICIES: Record<SchedulerTargetName, { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number }> =
  {
    'scheduled-items': { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
    'engagement-readings': { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 6 * 3600 },
    // A plug check is idempotent, and a claimed plug whose check stopped is finished by its retry.
    'plug-checks': { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
  };

/**
 * Targets that schedule themselves (the plug check schedules its next check), by the ARN their
 * invocation named: a function cannot be given its own ARN in its environment (a circular reference).
 */
const ownTargetArns: Partial<Record<SchedulerTargetName, string>> = {};

/** Records the ARN this function was invoked as, for the schedules it makes of its own target. */
export function useOwnTargetArn(target: SchedulerTargetName, invokedArn: string | undefined): void {
  if (invokedArn) ownTargetArns[target] = invokedArn;
}

function scheduleInput(
  name: string,
  when: OneTimeExpression,
  payload: unknown,
  target: SchedulerTargetName,
): CreateScheduleCommandInput {
  const { groupName, targetArns, roleArn } = config().scheduling;
  const targetArn = targetArns[target] ?? ownTargetArns[target];
  if (!groupName || !targetArn || !roleArn) {
    throw new Error(`SCHEDULER_GROUP_NAME, SCHEDULER_ROLE_ARN and the ${target} target's ARN must be configured`);
  }
  return {
    Name: name,
    GroupName: groupName,
    ScheduleExpression: when.expression,
    ScheduleExpressionTimezone: when.timeZone,
    FlexibleTimeWindow: { Mode: 'OFF' },
    // A one-time schedule removes itself once it has delivered.
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: targetArn,
      RoleArn: roleArn,
      Input: JSON.stringify(payload),
      RetryPolicy: RETRY_POLICIES[target],
    },
  };
}

/**
 * Creates the one-time schedule `name`, delivering `payload` to the fire target. The name is the
 * item's own, so a retried request finds its schedule (ConflictException) and updates it instead of
 * making a second.
 */
export async function createOneTimeSchedule(
  name: string,
  when: OneTimeExpression,
  payload: unknown,
  target: SchedulerTargetName = 'scheduled-items',
): Promise<void> {
  try {
    await scheduler.send(new CreateScheduleCommand(scheduleInput(name, when, payload, target)));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
    await scheduler.send(new UpdateScheduleCommand(scheduleInput(name, when, payload, target)));
  }
}

/** Moves a scheduled item's schedule `name` to a new time (UpdateSchedule replaces it whole); made anew if it is gone. */
export async function updateOneTimeSchedule(name: string, when: OneTimeExpression, payload: unknown): Promise<void> {
  try {
    await scheduler.send(new UpdateScheduleCommand(scheduleInput(name, when, payload, 'scheduled-items')));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await scheduler.send(new CreateScheduleCommand(scheduleInput(name, when, payload, 'scheduled-items')));
  }
}

/** Deletes the schedule `name`; one already gone (delivered, or deleted by an earlier try) is fine. */
export async function deleteOneTimeSchedule(name: string): Promise<void> {
  try {
    await scheduler.send(new DeleteScheduleCommand({ Name: name, GroupName: config().scheduling.groupName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}

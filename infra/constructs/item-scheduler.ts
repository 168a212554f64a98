import { Arn, Aws, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { SchedulerTargetEntry } from '../../functions/manifest';
import type { AppFunction } from './app-function';

export interface ItemSchedulerProps {
  /** The functions one-time schedules invoke (the manifest's scheduler targets). */
  targets: { entry: SchedulerTargetEntry; fn: IFunction }[];
  removalPolicy: RemovalPolicy;
}

/**
 * EventBridge Scheduler for scheduled items: a schedule group of the stack, where the app makes one
 * one-time schedule per item, and the role those schedules invoke the fire function with (that
 * invoke and nothing else). Functions that schedule get the group's name, the target and the role
 * (`allowScheduling`): the schedule actions on the group's schedules only, and iam:PassRole on that
 * role only. Built into the given scope (the stack), adding no construct level.
 */
export class ItemScheduler {
  readonly group: ScheduleGroup;
  readonly role: Role;
  private readonly targets: ItemSchedulerProps['targets'];

  constructor(scope: Construct, props: ItemSchedulerProps) {
    this.targets = props.targets;
    this.group = new ScheduleGroup(scope, 'ItemScheduleGroup', { removalPolicy: props.removalPolicy });
    this.role = new Role(scope, 'ItemSchedulerRole', {
      description:
        'Lets EventBridge Scheduler invoke the scheduled-item fire, engagement-reading and plug-check functions, and nothing else',
      // Only schedules of this account may take the role (confused-deputy guard).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
      }),
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: props.targets.map(({ fn }) => fn.functionArn),
      }),
    );
  }

  /** The ARN pattern of every schedule in the group (items' schedules are named at run time). */
  private schedulesArn(): string {
    return Arn.format(
      { service: 'scheduler', resource: 'schedule', resourceName: `${this.group.scheduleGroupName}/*` },
      Stack.of(this.group),
    );
  }

  /** Lets a function create, update and delete the group's one-time schedules, handing them the role. */
  allowScheduling(fn: AppFunction): void {
    fn.addEnvironment('SCHEDULER_GROUP_NAME', this.group.scheduleGroupName);
    // A target that schedules schedules only itself (the plug check its next check, the scheduled
    // item's fire its grace window's end) and learns its ARN from its invocation: its own ARN, or
    // another target's across the nested stacks, in its environment would be a circular reference.
    const isTarget = this.targets.some(({ fn: target }) => target === fn);
    if (!isTarget)
      for (const { entry, fn: target } of this.targets) fn.addEnvironment(entry.arnEnv, target.functionArn);
    fn.addEnvironment('SCHEDULER_ROLE_ARN', this.role.roleArn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [this.schedulesArn()],
      }),
    );
    this.role.grantPassRole(fn.grantPrincipal);
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "Each scheduled item's one-time schedule is named after the item at run time: only schedules in the stack's own group",
          // The group's generated name, as cdk-nag prints the ARN (literal or a reference).
          appliesTo: [{ regex: '/^Resource::arn:[^:]+:scheduler:[^:]+:[^:]+:schedule\\/[\\w<>.-]+\\/\\*$/' }],
        },
      ],
      true,
    );
  }
}

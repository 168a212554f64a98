import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { APP_EVENT_SOURCE, type EventRuleEntry, type QueueEntry } from '../../functions/manifest';
import type { AppFunction } from './app-function';
import { constructId } from './construct-id';
import type { QueueWithDlq } from './queue-with-dlq';

export interface AppEventsProps {
  /** The manifest's event rules with the function each invokes. */
  rules: { entry: EventRuleEntry; fn: AppFunction }[];
  /** Queues fed by the bus (`fromEvents`), each rule built in `scope` (the queue's own stack). */
  queueTargets: { entry: QueueEntry; pair: QueueWithDlq; scope: Construct }[];
  removalPolicy: RemovalPolicy;
}

/**
 * The application's EventBridge bus (ThreadPublished and what follows it), and one rule per manifest
 * event rule matching its detail types from APP_EVENT_SOURCE, each invoking its function with
 * retries and a dead-letter queue for events it could not take; and one rule per queue fed by the
 * bus (a manifest queue's `fromEvents`), sending the event to that queue. Functions that put events get the
 * bus's name and events:PutEvents on this bus only (`allowPutEvents`). Built into the given scope.
 */
export class AppEvents {
  readonly bus: EventBus;
  readonly deadLetterQueues = new Map<string, Queue>();

  constructor(scope: Construct, props: AppEventsProps) {
    this.bus = new EventBus(scope, 'AppEventBus', { description: 'ThreadSnip application events' });
    for (const { entry, fn } of props.rules) {
      const deadLetterQueue = new Queue(scope, `${constructId(entry.name)}RuleDeadLetterQueue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.removalPolicy,
      });
      NagSuppressions.addResourceSuppressions(deadLetterQueue, [
        { id: 'AwsSolutions-SQS3', reason: "It is itself the dead-letter queue of the rule's Lambda target" },
      ]);
      this.deadLetterQueues.set(entry.name, deadLetterQueue);
      new Rule(scope, `${constructId(entry.name)}Rule`, {
        description: `${entry.detailTypes.join(', ')} → ${entry.handler}`,
        eventBus: this.bus,
        eventPattern: { source: [APP_EVENT_SOURCE], detailType: entry.detailTypes },
        // The target is idempotent (named schedules), so a day of retries is late rather than never.
        targets: [new LambdaFunction(fn, { retryAttempts: 185, maxEventAge: Duration.hours(24), deadLetterQueue })],
      });
    }
    for (const { entry, pair, scope: ruleScope } of props.queueTargets) {
      if (!entry.fromEvents?.length) continue;
      new Rule(ruleScope, `${constructId(entry.name)}QueueRule`, {
        description: `${entry.fromEvents.join(', ')} → the ${entry.name} queue`,
        eventBus: this.bus,
        eventPattern: { source: [APP_EVENT_SOURCE], detailType: entry.fromEvents },
        // An event the queue would not take waits in the queue's own DLQ (alarmed), as a failed message does.
        targets: [
          new SqsQueue(pair.queue, {
            retryAttempts: 185,
            maxEventAge: Duration.hours(24),
            deadLetterQueue: pair.deadLetterQueue,
          }),
        ],
      });
    }
  }

  /** Lets a function put events on the bus (events:PutEvents on it only), naming it in EVENT_BUS_NAME. */
  allowPutEvents(fn: AppFunction): void {
    fn.addEnvironment('EVENT_BUS_NAME', this.bus.eventBusName);
    this.bus.grantPutEventsTo(fn);
  }
}

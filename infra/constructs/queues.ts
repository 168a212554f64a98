import type { RemovalPolicy } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { QueueEntry } from '../../functions/manifest';
import { constructId } from './construct-id';
import { QueueWithDlq } from './queue-with-dlq';

export interface QueuesProps {
  entries: QueueEntry[];
  removalPolicy: RemovalPolicy;
  /** Where a `queueInGroupStack` entry's pair is built (its worker's nested stack). */
  scopeFor: (handler: string) => Construct;
}

/**
 * One queue and dead-letter queue pair per manifest queue, sized for its worker.
 * Built into the given scope (the stack), adding no construct level: see `AppStack`; a
 * `queueInGroupStack` entry's pair goes into its worker's nested stack instead.
 */
export class Queues {
  readonly pairs: { entry: QueueEntry; pair: QueueWithDlq }[];

  constructor(scope: Construct, props: QueuesProps) {
    this.pairs = props.entries.map((entry) => ({
      entry,
      pair: new QueueWithDlq(
        entry.queueInGroupStack ? props.scopeFor(entry.handler) : scope,
        `${constructId(entry.name)}Queue`,
        {
          consumerTimeoutSeconds: entry.timeoutSeconds,
          maxReceiveCount: entry.maxReceiveCount,
          removalPolicy: props.removalPolicy,
        },
      ),
    }));
  }
}

import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface QueueWithDlqProps {
  /** The consumer's timeout; the queue hides a received message for six times this. */
  consumerTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  removalPolicy: RemovalPolicy;
}

/** An encrypted work queue and its dead-letter queue, sized for a Lambda consumer's timeout. */
export class QueueWithDlq extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: QueueWithDlqProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS allows, to leave time to inspect and redrive failed messages.
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for Lambda sources: at least six times the function timeout, so retries by the
      // event source mapping do not hand the same message to a second invocation.
      visibilityTimeout: Duration.seconds(props.consumerTimeoutSeconds * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
      removalPolicy: props.removalPolicy,
    });
  }
}

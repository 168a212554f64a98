import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/lib/observability-names';
import type { QueueWithDlq } from './queue-with-dlq';

const FIVE_MINUTES = Duration.minutes(5);
/** Generation p95 above this alarms (the spec's "a thread in seconds"). */
export const GENERATION_P95_ALARM_MS = 10_000;
/** The share of API requests answered with 5xx above which the API alarms. */
export const SERVER_ERROR_RATE_ALARM_PERCENT = 1;

export interface ObservabilityProps {
  stage: string;
  httpApi: HttpApi;
  /** One entry per route: its label ('POST /api/generation-jobs') and the function serving it. */
  routes: { label: string; fn: IFunction }[];
  /** Queue workers and scheduled jobs, by name. */
  workers: { label: string; fn: IFunction }[];
  /** `alarmScope`: where the queue's DLQ alarm is built (its nested stack), else here. */
  queues: { name: string; pair: QueueWithDlq; maxReceiveCount: number; alarmScope?: Construct }[];
  /** Alarms are sent here when set; the dashboard exists either way. */
  alarmEmail?: string;
}

/**
 * What an operator looks at: one CloudWatch dashboard (API requests, errors and p95 per route;
 * generation outcomes; queue depth and age; DLQ depth; throttles and duration) and the alarms
 * (a message in a DLQ, 5xx rate, generation p95, throttling) sent to `alarmEmail`.
 */
export class Observability extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const appMetric = (metricName: string, statistic = 'Sum') =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: SERVICE_NAME, stage: props.stage },
        statistic,
        period: FIVE_MINUTES,
      });
    // Metrics with an extra dimension (reason, platform), one line per value.
    const appMetricBy = (metricName: string, dimension: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},service,stage,${dimension}} MetricName="${metricName}" stage="${props.stage}"', 'Sum', 300)`,
        label,
        period: FIVE_MINUTES,
      });

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate (%)',
      period: FIVE_MINUTES,
    });
    const generationP95 = appMetric('GenerationDuration', 'p95');
    // Account-wide: any throttled function (the API then answers 429/503) shows here.
    const throttles = new Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Throttles',
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });

    const perRoute = (metric: (fn: IFunction) => IMetric) => props.routes.map(({ fn }) => metric(fn));
    const labelled = (entries: { label: string; fn: IFunction }[], make: (fn: IFunction, label: string) => IMetric) =>
      entries.map(({ fn, label }) => make(fn, label));
    const wide = { width: 12, height: 6 };

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ThreadSnip ${props.stage}\nIs it up: API requests and 5xx. Is generation working: threads generated vs failed, generation p95. Are posts going out: publish outcomes, DLQ depth.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'API requests and 5xx',
        left: [requests, serverErrors],
        right: [serverErrorRate],
      }),
      new GraphWidget({
        ...wide,
        title: 'Generation outcomes',
        left: [
          appMetric('ThreadsGenerated'),
          appMetricBy('GenerationFailed', 'reason', 'failed'),
          appMetric('CreditsCharged'),
        ],
        right: [generationP95],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'Article extraction (p95 duration, average size)',
        left: [appMetric('ExtractionDuration', 'p95')],
        right: [appMetric('ExtractionBytes', 'Average')],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        width: 24,
        height: 6,
        title: 'Payments fulfilled and credits purchased',
        left: [appMetric('PaymentsFulfilled')],
        right: [appMetric('CreditsPurchased')],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'Requests per route',
        left: labelled(props.routes, (fn, label) => fn.metricInvocations({ label, period: FIVE_MINUTES })),
      }),
      new GraphWidget({
        ...wide,
        title: 'Errors per route',
        left: labelled(props.routes, (fn, label) => fn.metricErrors({ label, period: FIVE_MINUTES })),
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'p95 duration per route (ms)',
        left: labelled(props.routes, (fn, label) =>
          fn.metricDuration({ label, statistic: 'p95', period: FIVE_MINUTES }),
        ),
      }),
      new GraphWidget({
        ...wide,
        title: 'Publish outcomes per platform',
        left: ['PublishAttempted', 'PublishCompleted', 'PublishFailed', 'RateLimited'].map((name) =>
          appMetricBy(name, 'platform', name),
        ),
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'Queue depth and oldest message age (s)',
        left: props.queues.map(({ name, pair }) =>
          pair.queue.metricApproximateNumberOfMessagesVisible({ label: `${name} depth`, period: FIVE_MINUTES }),
        ),
        right: props.queues.map(({ name, pair }) =>
          pair.queue.metricApproximateAgeOfOldestMessage({ label: `${name} age`, period: FIVE_MINUTES }),
        ),
      }),
      new GraphWidget({
        ...wide,
        title: 'Dead-letter queues: depth, and messages moved there',
        left: props.queues.map(({ name, pair }) =>
          pair.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: `${name} DLQ`, period: FIVE_MINUTES }),
        ),
        right: [appMetricBy('MessagesDeadLettered', 'queue', 'moved to a DLQ')],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        ...wide,
        title: 'Lambda throttles',
        left: [throttles, ...perRoute((fn) => fn.metricThrottles({ period: FIVE_MINUTES }))],
      }),
      new GraphWidget({
        ...wide,
        title: 'Workers: duration p95 (ms) and errors',
        left: labelled(props.workers, (fn, label) =>
          fn.metricDuration({ label, statistic: 'p95', period: FIVE_MINUTES }),
        ),
        right: labelled(props.workers, (fn, label) => fn.metricErrors({ label, period: FIVE_MINUTES })),
      }),
    );

    if (!props.alarmEmail) return;
    const topic = new Topic(this, 'AlarmTopic', { enforceSSL: true });
    topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(topic);
    const alarm = (alarmId: string, metric: IMetric, description: string, threshold: number, scope: Construct = this) =>
      new Alarm(scope, alarmId, {
        metric,
        alarmDescription: description,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    for (const { name, pair, maxReceiveCount, alarmScope } of props.queues) {
      alarm(
        `${name[0]!.toUpperCase()}${name.slice(1)}DeadLettersAlarm`,
        pair.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
        `Messages failed ${maxReceiveCount} times on the ${name} queue`,
        0,
        alarmScope,
      );
    }
    alarm(
      'ApiServerErrorRateAlarm',
      serverErrorRate,
      `More than ${SERVER_ERROR_RATE_ALARM_PERCENT}% of API requests answered 5xx in 5 minutes`,
      SERVER_ERROR_RATE_ALARM_PERCENT,
    );
    alarm(
      'GenerationP95Alarm',
      generationP95,
      `Generation p95 above ${GENERATION_P95_ALARM_MS / 1000} s over 5 minutes`,
      GENERATION_P95_ALARM_MS,
    );
    alarm('ThrottlesAlarm', throttles, 'Lambda throttled invocations (the API answers 429/503)', 0);
  }
}

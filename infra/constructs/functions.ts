import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { LambdaEnvName } from '../../functions/lib/config';
import {
  type Access,
  apiKeyAuthorizer,
  authTriggers,
  type EventRuleEntry,
  type QueueEntry,
  type RouteEntry,
  type ScheduleEntry,
  type SchedulerTargetEntry,
} from '../../functions/manifest';
import type { StageConfig } from '../config';
import { AppEvents } from './app-events';
import { AppFunction } from './app-function';
import { constructId, functionConstructId } from './construct-id';
import { ItemScheduler } from './item-scheduler';
import { MailSender } from './mail-sender';
import type { QueueWithDlq } from './queue-with-dlq';

const DEFAULT_TIMEOUT_SECONDS = 10;
const DEFAULT_MEMORY_MB = 512;

export interface FunctionsProps {
  /**
   * Where a handler's function, its schedule rule and its event source are built: the stack, or its
   * deployment group's nested stack. The shared secrets stay in the stack the Functions are given.
   */
  scopeFor: (handler: string) => Construct;
  config: StageConfig;
  projectRoot: string;
  table: ITable;
  /** The pictures' bucket (the Data stack's), for the functions whose access declares `media`. */
  mediaBucket: IBucket;
  /** Every handler module to deploy, and what each touches (functions/manifest.ts). */
  handlers: string[];
  access: Map<string, Access>;
  routes: RouteEntry[];
  queues: { entry: QueueEntry; pair: QueueWithDlq }[];
  schedules: ScheduleEntry[];
  /** The functions EventBridge Scheduler invokes (scheduled items' fire, engagement readings). */
  schedulerTargets: SchedulerTargetEntry[];
  /** The rules on the application's bus and the functions they invoke. */
  eventRules: EventRuleEntry[];
  userPool: IUserPool;
  webClient: IUserPoolClient;
  /** The app's public URL when none is configured. */
  siteUrl: string;
  removalPolicy: RemovalPolicy;
}

/**
 * One Lambda per manifest handler, each with the rights its manifest entry declares and only those;
 * the secrets they read; the queue workers' event sources and the schedules.
 * Built into the given scope (the stack), adding no construct level: see `AppStack`; each function
 * into `scopeFor(handler)` (its deployment group's nested stack, if any).
 */
export class Functions {
  private readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, props: FunctionsProps) {
    const { config, table, userPool } = props;
    // The operator's JSON secret of API keys (OPENAI_API_KEY, OAUTH_STATE_SECRET): its name, never a value,
    // goes to the functions that declare a key of it, which read it at run time (functions/lib/aws/secrets.ts).
    const apiKeysSecret = config.apiKeysSecretName
      ? Secret.fromSecretNameV2(scope, 'ApiKeysSecret', config.apiKeysSecretName)
      : undefined;
    // Key material for the AES-256-GCM encryption of platform tokens; read at runtime, never in the template.
    const tokenKeySecret = new Secret(scope, 'PlatformTokenKey', {
      description: 'Key material that encrypts users’ platform tokens at rest',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(tokenKeySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'token-vault.ts decrypts with the current key only: rotating it would make every stored platform token unreadable',
      },
    ]);
    const sharedEnvironment: Partial<Record<LambdaEnvName, string>> = {
      TABLE_NAME: table.tableName,
      APP_PUBLIC_URL: config.appPublicUrl ?? props.siteUrl,
      ADMIN_EMAILS: config.adminEmails.join(','),
      OPENAI_MODEL: config.openAiModel,
      GENERATION_REQUESTS_PER_HOUR: String(config.generationRequestsPerHour),
      REGENERATIONS_PER_THREAD_PER_DAY: String(config.regenerationsPerThreadPerDay),
      STAGE: config.stage,
    };

    // The operator stores `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }` here; functions read it at cold start.
    const stripeSecret = new Secret(scope, 'StripeSecret', {
      description: 'ThreadSnip Stripe keys: {"secretKey","webhookSecret"}',
      // Starts as JSON without keys: payments answer 'Purchase Failed' until the operator sets them.
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder' },
      removalPolicy: props.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(stripeSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe issues these keys: the operator rolls them in the Stripe dashboard and stores the new ones here',
      },
    ]);

    // The platforms' OAuth apps: `{ "twitter": { "clientId", "clientSecret" }, "discord": { …, "botToken" }, … }`.
    const platformClientsSecret = new Secret(scope, 'PlatformClientsSecret', {
      description:
        'ThreadSnip platform OAuth apps: {"twitter"|"reddit"|"discord"|"facebook"|"threads"|"linkedin": {"clientId","clientSecret"}}',
      // Starts as JSON without apps: those platforms show as not available until the operator adds them.
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder' },
      removalPolicy: props.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(platformClientsSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason: "The platforms issue these OAuth app credentials: they are rolled in each platform's developer console",
      },
    ]);

    const sizing = new Map<string, { timeoutSeconds?: number; memoryMb?: number; concurrency?: number }>();
    for (const entry of [
      ...props.routes,
      ...props.queues.map(({ entry }) => entry),
      ...props.schedules,
      ...props.schedulerTargets,
      ...props.eventRules,
      apiKeyAuthorizer,
    ])
      sizing.set(entry.handler, entry);

    const triggerHandlers = new Set<string>(Object.values(authTriggers));
    for (const handler of props.handlers) {
      const size = sizing.get(handler);
      const needs = props.access.get(handler) ?? {};
      const isTrigger = triggerHandlers.has(handler);
      const reachableQueues = props.queues.filter(
        ({ entry }) => needs.inspectQueues || needs.sendTo?.includes(entry.name),
      );
      const environment: Partial<Record<LambdaEnvName, string>> = {
        ...sharedEnvironment,
        ...Object.fromEntries(
          reachableQueues.map(({ entry, pair }) => [`${entry.name.toUpperCase()}_QUEUE_URL`, pair.queue.queueUrl]),
        ),
        ...(apiKeysSecret && needs.secrets?.length
          ? { API_KEYS_SECRET_NAME: apiKeysSecret.secretName, API_KEYS_SECRET_KEYS: needs.secrets.join(',') }
          : {}),
        // A trigger cannot name its own pool (the pool depends on the trigger); it reads event.userPoolId.
        ...(isTrigger
          ? {}
          : { USER_POOL_ID: userPool.userPoolId, USER_POOL_CLIENT_ID: props.webClient.userPoolClientId }),
        ...(needs.stripe ? { STRIPE_SECRET_ARN: stripeSecret.secretArn } : {}),
        ...(needs.tokenKey ? { TOKEN_KEY_SECRET_ARN: tokenKeySecret.secretArn } : {}),
        ...(needs.platformClients ? { PLATFORM_CLIENTS_SECRET_ARN: platformClientsSecret.secretArn } : {}),
        ...(needs.media ? { MEDIA_BUCKET: props.mediaBucket.bucketName } : {}),
      };
      const fn = new AppFunction(props.scopeFor(handler), functionConstructId(handler), {
        projectRoot: props.projectRoot,
        handler,
        timeoutSeconds: size?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        memoryMb: size?.memoryMb ?? DEFAULT_MEMORY_MB,
        reservedConcurrency: size?.concurrency,
        environment: environment as Record<string, string>,
        logRetention: config.logRetention,
        logRemovalPolicy: props.removalPolicy,
        imaging: needs.imaging,
      });
      if (needs.table === 'write') table.grantReadWriteData(fn);
      else if (needs.table === 'read') table.grantReadData(fn);
      if (needs.table) {
        NagSuppressions.addResourceSuppressions(
          fn.role!,
          [
            {
              id: 'AwsSolutions-IAM5',
              reason:
                "The table grant's index/* names only the table's own GSIs (docs/data-model.md), which it queries",
              // The table's ARN as cdk-nag prints it: a reference, or the Data stack's export once cross-stack.
              appliesTo: [
                {
                  regex: '/^Resource::(<Table[0-9A-F]+\\.Arn>|[\\w-]+:ExportsOutputFnGetAttTable\\w+)\\/index\\/\\*$/',
                },
              ],
            },
          ],
          true,
        );
      }
      if (needs.media) grantMedia(fn, props.mediaBucket, needs.media);
      if (apiKeysSecret && needs.secrets?.length) apiKeysSecret.grantRead(fn);
      if (needs.stripe) stripeSecret.grantRead(fn);
      if (needs.tokenKey) tokenKeySecret.grantRead(fn);
      if (needs.platformClients) platformClientsSecret.grantRead(fn);
      for (const { entry, pair } of props.queues) {
        if (needs.sendTo?.includes(entry.name)) pair.queue.grantSendMessages(fn);
        if (needs.inspectQueues) pair.queue.grant(fn, 'sqs:GetQueueAttributes');
      }
      const cognitoActions = (needs.cognito ?? []).map((action) => `cognito-idp:${action}`);
      if (cognitoActions.length > 0 && isTrigger) {
        // Scoped by ARN pattern, not userPool.userPoolArn: the pool depends on this function (its trigger)
        // and the function waits for its policy, so naming the pool here would be a circular dependency.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: cognitoActions,
            resources: [Stack.of(scope).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
          }),
        );
        NagSuppressions.addResourceSuppressions(
          fn.role!,
          [
            {
              id: 'AwsSolutions-IAM5',
              reason:
                "Naming its own pool would be a circular dependency; only this account and region's pools, declared actions",
              appliesTo: [{ regex: '/^Resource::arn:[^:]+:cognito-idp:[^:]+:\\d{12}:userpool\\/\\*$/' }],
            },
          ],
          true,
        );
      } else if (cognitoActions.length > 0) {
        userPool.grant(fn, ...cognitoActions);
      }
      this.functions.set(handler, fn);
    }

    // ---- Queue workers ----
    for (const { entry, pair } of props.queues) {
      this.functionFor(entry.handler).addEventSource(
        new SqsEventSource(pair.queue, {
          batchSize: entry.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: entry.concurrency,
        }),
      );
    }

    // ---- One-time schedules (scheduled items' fire, engagement readings), invoking their targets ----
    const scheduler = new ItemScheduler(scope, {
      targets: props.schedulerTargets.map((entry) => ({ entry, fn: this.functionFor(entry.handler) })),
      removalPolicy: props.removalPolicy,
    });
    // ---- The application's bus: ThreadPublished → the rule planning engagement readings ----
    const events = new AppEvents(scope, {
      rules: props.eventRules.map((entry) => ({ entry, fn: this.functionFor(entry.handler) })),
      queueTargets: props.queues
        .filter(({ entry }) => entry.fromEvents?.length)
        .map(({ entry, pair }) => ({
          entry,
          pair,
          scope: entry.queueInGroupStack ? props.scopeFor(entry.handler) : scope,
        })),
      removalPolicy: props.removalPolicy,
    });
    // ---- Mail through SES, as the configured sender (none configured: no identity, no function may send) ----
    const mail = config.mail
      ? new MailSender(scope, { mail: config.mail, removalPolicy: props.removalPolicy })
      : undefined;
    for (const handler of props.handlers) {
      const needs = props.access.get(handler);
      if (needs?.scheduler) scheduler.allowScheduling(this.functionFor(handler));
      if (needs?.putEvents) events.allowPutEvents(this.functionFor(handler));
      if (needs?.mail) mail?.allowSending(this.functionFor(handler));
    }

    // ---- Schedules ----
    for (const entry of props.schedules) {
      new Rule(props.scopeFor(entry.handler), `${constructId(entry.name)}Rule`, {
        description: `Runs ${entry.handler}`,
        schedule: Schedule.expression(entry.cron),
        targets: [new LambdaFunction(this.functionFor(entry.handler), { retryAttempts: 2 })],
      });
    }
  }

  /** The function serving a manifest handler module. */
  functionFor(handler: string): AppFunction {
    const fn = this.functions.get(handler);
    if (!fn) throw new Error(`No function for handler ${handler}`);
    return fn;
  }
}

/**
 * The media bucket's objects a function may touch, and only those: `read` gets pictures (which also
 * signs their GET URLs); `write` also puts, tags and deletes them and uploads (a presigned POST is
 * signed with these rights). ListBucket makes a missing object a 404 rather than a 403.
 */
function grantMedia(fn: AppFunction, bucket: IBucket, level: 'read' | 'write'): void {
  const objects = level === 'read' ? ['media/*'] : ['incoming/*', 'media/*'];
  fn.addToRolePolicy(
    new PolicyStatement({
      actions:
        level === 'read'
          ? ['s3:GetObject']
          : ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
      resources: objects.map((prefix) => bucket.arnForObjects(prefix)),
    }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  NagSuppressions.addResourceSuppressions(
    fn.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The media grant names the bucket's own prefixes (incoming/, media/), whose objects are per user and per picture",
        appliesTo: [{ regex: '/^Resource::.*MediaBucket.*\\/(incoming|media)\\/\\*$/' }],
      },
    ],
    true,
  );
}

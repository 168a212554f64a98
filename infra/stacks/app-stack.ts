import { existsSync } from 'node:fs';
import { CfnOutput, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import {
  ACCOUNT_KINDS,
  type Access,
  apiKeyAuthorizer,
  authTriggerAccess,
  authTriggers,
  DEPLOYMENT_GROUPS,
  type DeploymentGroup,
  eventRules,
  deployedHandlers as handlers,
  queues,
  cloudRoutes as routes,
  schedulerTargets,
  schedules,
} from '../../functions/manifest';
import type { StageConfig } from '../config';
import { Api } from '../constructs/api';
import { handlerEntry } from '../constructs/app-function';
import { Auth } from '../constructs/auth';
import { constructId } from '../constructs/construct-id';
import { Functions } from '../constructs/functions';
import { Observability } from '../constructs/observability';
import { Queues } from '../constructs/queues';
import { Site } from '../constructs/site';

export interface AppStackProps extends StackProps {
  config: StageConfig;
  table: ITable;
  /** The Data stack's media bucket (pictures). */
  mediaBucket: IBucket;
  /** The repository root (functions/, package-lock.json). */
  projectRoot: string;
}

/**
 * What each handler module touches, from its manifest entries. A route acting for an account
 * (`user`, `admin`, `oauth-callback`) reads the account's tombstone, and an `admin` route the
 * caller's stored role, so each can always read the table.
 */
export function accessByHandler(): Map<string, Access> {
  const access = new Map<string, Access>();
  for (const route of routes) {
    const table = ACCOUNT_KINDS.includes(route.auth) ? (route.access.table ?? 'read') : route.access.table;
    access.set(route.handler, { ...route.access, ...(table ? { table } : {}) });
  }
  for (const entry of [...queues, ...schedules, ...schedulerTargets, ...eventRules])
    access.set(entry.handler, entry.access);
  for (const [handler, needs] of Object.entries(authTriggerAccess)) access.set(handler, needs);
  access.set(apiKeyAuthorizer.handler, apiKeyAuthorizer.access);
  return access;
}

/** The deployment group of each handler whose manifest entry names one (functions/manifest.ts, DeploymentGroup). */
export function deploymentGroupByHandler(): Map<string, DeploymentGroup> {
  const groups = new Map<string, DeploymentGroup>();
  for (const entry of [...routes, ...queues, ...schedules, ...schedulerTargets, ...eventRules, apiKeyAuthorizer])
    if (entry.deploymentGroup) groups.set(entry.handler, entry.deploymentGroup);
  return groups;
}

/** The construct id of a deployment group's nested stack ('public-pages' → 'PublicPagesFunctions'). */
function deploymentGroupStackId(group: DeploymentGroup): string {
  return `${constructId(group)}Functions`;
}

/**
 * The stateless stack: Cognito, the HTTP API, one Lambda per manifest handler, the queues, the
 * schedules, the schedule group and scheduler role of one-time schedules (scheduled items, engagement
 * readings), the application's EventBridge bus and its rules, and the SPA on S3 behind CloudFront (which also fronts the API at /api). Each part is
 * built by its own class in infra/constructs/ (Auth, Api, Functions, Queues, Site, Observability).
 * Those parts build straight into this stack's scope rather than adding a construct level: every
 * construct path stays as first deployed, and with it each logical id (no new user pool, queues or
 * bucket) and each name derived from a path (the CloudFront function, the origin access control,
 * the event source mappings). The functions of a deployment group (functions/manifest.ts,
 * DeploymentGroup) are built into that group's nested stack instead, with their routes, event
 * sources and schedules, so this stack stays under CloudFormation's 500 resources.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, table, mediaBucket, projectRoot } = props;
    const ephemeral = config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const missing = handlers.filter((handler) => !existsSync(handlerEntry(projectRoot, handler)));
    if (missing.length > 0) {
      throw new Error(`Manifest handlers without a module: ${missing.map((h) => `functions/${h}.ts`).join(', ')}`);
    }

    const api = new Api(this, { config, stackName: this.stackName, removalPolicy: ephemeral });
    const site = new Site(this, { config, httpApi: api.httpApi, removalPolicy: ephemeral });
    const auth = new Auth(this, {
      config,
      removalPolicy: ephemeral,
      publicUrl: config.appPublicUrl ?? site.siteUrl,
    });
    // One nested stack per deployment group in use, each with its own 500-resource budget: CDK passes
    // what its functions use from this stack (API, queues, pool, secrets, bus) as parameters.
    const groupOf = deploymentGroupByHandler();
    const groupStacks = new Map<DeploymentGroup, NestedStack>();
    for (const group of DEPLOYMENT_GROUPS.filter((g) => [...groupOf.values()].includes(g))) {
      groupStacks.set(
        group,
        new NestedStack(this, deploymentGroupStackId(group), {
          description: `ThreadSnip ${config.stage}: the ${group} functions, their routes, event sources and schedules`,
        }),
      );
    }
    /** Where a handler's function (and its route, event source, schedule) is built. */
    const scopeFor = (handler: string): Construct => {
      const group = groupOf.get(handler);
      return (group && groupStacks.get(group)) || this;
    };
    const queueSection = new Queues(this, { entries: queues, removalPolicy: ephemeral, scopeFor });

    const functions = new Functions(this, {
      scopeFor,
      config,
      projectRoot,
      table,
      mediaBucket,
      handlers,
      access: accessByHandler(),
      routes,
      queues: queueSection.pairs,
      schedules,
      schedulerTargets,
      eventRules,
      userPool: auth.userPool,
      webClient: auth.webClient,
      siteUrl: site.siteUrl,
      removalPolicy: ephemeral,
    });
    auth.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, functions.functionFor(authTriggers.postConfirmation));
    api.addRoutes(
      routes,
      (handler) => functions.functionFor(handler),
      {
        jwt: auth.jwtAuthorizer(),
        apiKey: api.apiKeyAuthorizer(
          scopeFor(apiKeyAuthorizer.handler),
          functions.functionFor(apiKeyAuthorizer.handler),
        ),
      },
      scopeFor,
    );

    site.deployWeb(config, {
      mode: 'cloud',
      apiBaseUrl: '/api',
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      siteUrl: config.appPublicUrl ?? site.siteUrl,
      ...(auth.cognitoDomain ? { googleSignIn: { cognitoDomain: auth.cognitoDomain } } : {}),
    });

    // Dashboard and alarms: a construct of its own from the start, so its id is in its resources' ids.
    new Observability(this, 'Observability', {
      stage: config.stage,
      httpApi: api.httpApi,
      routes: routes.map((route) => ({
        label: `${route.method} ${route.path}`,
        fn: functions.functionFor(route.handler),
      })),
      workers: [...queues, ...schedules, ...schedulerTargets, ...eventRules].map((entry) => ({
        label: entry.name,
        fn: functions.functionFor(entry.handler),
      })),
      queues: queueSection.pairs.map(({ entry, pair }) => ({
        name: entry.name,
        pair,
        maxReceiveCount: entry.maxReceiveCount,
        // A queue built in its worker's nested stack has its DLQ alarm there too.
        ...(entry.queueInGroupStack ? { alarmScope: scopeFor(entry.handler) } : {}),
      })),
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: config.appPublicUrl ?? site.siteUrl });
    new CfnOutput(this, 'ApiUrl', {
      value: api.stage.url,
      description: 'Direct API endpoint; browsers use /api on the site',
    });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}

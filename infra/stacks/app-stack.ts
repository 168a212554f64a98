import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  AccountRecovery,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ADMIN_GROUP } from '../../functions/lib/cognito-groups';
import type { LambdaEnvName } from '../../functions/lib/config';
import {
  type Access,
  routes as allRoutes,
  authTriggerAccess,
  authTriggers,
  queues,
  type SecretName,
  schedules,
  TOKEN_KINDS,
} from '../../functions/manifest';
import type { StageConfig } from '../config';
import { AppFunction, handlerEntry } from '../constructs/app-function';
import { Observability } from '../constructs/observability';
import { QueueWithDlq } from '../constructs/queue-with-dlq';

/** Keys of the JSON secret named by `apiKeysSecretName`; each becomes the variable of the same name. */
export const SECRET_VARIABLES = ['OPENAI_API_KEY', 'OAUTH_STATE_SECRET'] as const satisfies readonly (LambdaEnvName &
  SecretName)[];

/** The Cognito group the post-confirmation trigger adds admins to. */
export const ADMIN_GROUP_NAME = ADMIN_GROUP;

/** The local test checkout stands in for Stripe on one machine; the cloud never serves it. */
const routes = allRoutes.filter((route) => !route.localOnly);

const DEFAULT_TIMEOUT_SECONDS = 10;
const DEFAULT_MEMORY_MB = 512;

// Vite emits content-hashed files under assets/; only those may be cached forever.
const HASHED_ASSETS_DIR = 'assets';

// SPA fallback on the site behaviour only: a path without a file extension is a client-side route,
// so S3 serves index.html with 200. /api/* has its own behaviour, so API 404s stay API 404s.
const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface AppStackProps extends StackProps {
  config: StageConfig;
  table: ITable;
  /** The repository root (functions/, package-lock.json). */
  projectRoot: string;
}

/** 'http/get-health' → 'HttpGetHealth': a stable construct id for a manifest name. */
function constructId(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * What each handler module touches, from its manifest entries. An `admin` route reads the caller's
 * stored role, so it can always read the table.
 */
export function accessByHandler(): Map<string, Access> {
  const access = new Map<string, Access>();
  for (const route of routes) {
    const table = route.auth === 'admin' && !route.access.table ? 'read' : route.access.table;
    access.set(route.handler, { ...route.access, ...(table ? { table } : {}) });
  }
  for (const entry of [...queues, ...schedules]) access.set(entry.handler, entry.access);
  for (const [handler, needs] of Object.entries(authTriggerAccess)) access.set(handler, needs);
  return access;
}

/**
 * The stateless stack: Cognito, the HTTP API, one Lambda per manifest handler, the queues, the
 * schedules, and the SPA on S3 behind CloudFront (which also fronts the API at /api).
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, table, projectRoot } = props;
    const ephemeral = config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const handlers = [
      ...new Set([
        ...routes.map((route) => route.handler),
        ...queues.map((queue) => queue.handler),
        ...schedules.map((schedule) => schedule.handler),
        ...Object.values(authTriggers),
      ]),
    ];
    const missing = handlers.filter((handler) => !existsSync(handlerEntry(projectRoot, handler)));
    if (missing.length > 0) {
      throw new Error(`Manifest handlers without a module: ${missing.map((h) => `functions/${h}.ts`).join(', ')}`);
    }

    // ---- Auth ----
    const userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // Spec §5: a sign-up password needs at least 6 characters and nothing else.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: config.isProduction,
      removalPolicy: ephemeral,
    });
    new UserPoolGroup(this, 'AdminGroup', { userPool, groupName: ADMIN_GROUP_NAME });

    // ---- Queues (before functions: their URLs are part of every function's environment) ----
    const queueResources = queues.map((entry) => ({
      entry,
      pair: new QueueWithDlq(this, `${constructId(entry.name)}Queue`, {
        consumerTimeoutSeconds: entry.timeoutSeconds,
        maxReceiveCount: entry.maxReceiveCount,
        removalPolicy: ephemeral,
      }),
    }));

    // ---- HTTP API (the distribution needs its endpoint; the functions need the distribution) ----
    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-api`,
      description: 'ThreadSnip API, served to browsers through CloudFront at /api',
      createDefaultStage: false,
    });
    const apiStage = new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
    });

    // ---- Site: private bucket + CloudFront with the API under /api/* ----
    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: ephemeral,
      autoDeleteObjects: !config.isProduction,
    });
    const spaRewrite = new EdgeFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    const apiDomain = `${httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const distribution = new Distribution(this, 'Distribution', {
      comment: `ThreadSnip ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // With caching disabled this forwards Authorization too; Host must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
      },
    });
    const siteUrl = `https://${distribution.distributionDomainName}`;
    const publicUrl = config.appPublicUrl ?? siteUrl;

    // ---- The SPA's client, with Google through the hosted UI when configured ----
    let google: UserPoolIdentityProviderGoogle | undefined;
    let cognitoDomain: string | undefined;
    if (config.googleSignIn && config.apiKeysSecretName) {
      userPool.addDomain('HostedUiDomain', { cognitoDomain: { domainPrefix: config.googleSignIn.domainPrefix } });
      cognitoDomain = `${config.googleSignIn.domainPrefix}.auth.${this.region}.amazoncognito.com`;
      google = new UserPoolIdentityProviderGoogle(this, 'GoogleIdentityProvider', {
        userPool,
        clientId: config.googleSignIn.clientId,
        clientSecretValue: SecretValue.secretsManager(config.apiKeysSecretName, { jsonField: 'GOOGLE_CLIENT_SECRET' }),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL },
      });
    }
    const userPoolClient = userPool.addClient('WebClient', {
      generateSecret: false,
      // Refresh-token auth is always enabled by Cognito.
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      ...(google
        ? {
            supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              // The SPA returns to /auth (web/src/lib/auth.ts OAUTH_RETURN_PATH), which finishes the sign-in.
              callbackUrls: [`${publicUrl}/auth`],
              logoutUrls: [`${publicUrl}/`],
            },
          }
        : { disableOAuth: true }),
    });
    if (google) userPoolClient.node.addDependency(google);

    // ---- Functions: each gets the rights its manifest entry declares, and only those ----
    const secretEnvironment = new Map<SecretName, string>();
    if (config.apiKeysSecretName) {
      for (const name of SECRET_VARIABLES) {
        // A dynamic reference: CloudFormation resolves it at deploy time; the value never enters the template.
        secretEnvironment.set(
          name,
          SecretValue.secretsManager(config.apiKeysSecretName, { jsonField: name }).unsafeUnwrap(),
        );
      }
    }
    // Key material for the AES-256-GCM encryption of platform tokens; read at runtime, never in the template.
    const tokenKeySecret = new Secret(this, 'PlatformTokenKey', {
      description: 'Key material that encrypts users’ platform tokens at rest',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const sharedEnvironment: Partial<Record<LambdaEnvName, string>> = {
      TABLE_NAME: table.tableName,
      APP_PUBLIC_URL: config.appPublicUrl ?? siteUrl,
      ADMIN_EMAILS: config.adminEmails.join(','),
      OPENAI_MODEL: config.openAiModel,
      GENERATION_REQUESTS_PER_HOUR: String(config.generationRequestsPerHour),
      REGENERATIONS_PER_THREAD_PER_DAY: String(config.regenerationsPerThreadPerDay),
      STAGE: config.stage,
    };

    // The operator stores `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }` here; functions read it at cold start.
    const stripeSecret = new Secret(this, 'StripeSecret', {
      description: 'ThreadSnip Stripe keys: {"secretKey","webhookSecret"}',
      // Starts as JSON without keys: payments answer 'Purchase Failed' until the operator sets them.
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder' },
      removalPolicy: ephemeral,
    });

    // The platforms' OAuth apps: `{ "twitter": { "clientId", "clientSecret" }, "discord": { …, "botToken" }, … }`.
    const platformClientsSecret = new Secret(this, 'PlatformClientsSecret', {
      description:
        'ThreadSnip platform OAuth apps: {"twitter"|"reddit"|"discord"|"facebook": {"clientId","clientSecret"}}',
      // Starts as JSON without apps: those platforms show as not available until the operator adds them.
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'placeholder' },
      removalPolicy: ephemeral,
    });

    const sizing = new Map<string, { timeoutSeconds?: number; memoryMb?: number; concurrency?: number }>();
    for (const entry of [...routes, ...queues]) sizing.set(entry.handler, entry);
    const access = accessByHandler();

    const triggerHandlers = new Set<string>(Object.values(authTriggers));
    const functions = new Map<string, AppFunction>();
    for (const handler of handlers) {
      const size = sizing.get(handler);
      const needs = access.get(handler) ?? {};
      const isTrigger = triggerHandlers.has(handler);
      const reachableQueues = queueResources.filter(
        ({ entry }) => needs.inspectQueues || needs.sendTo?.includes(entry.name),
      );
      const environment: Partial<Record<LambdaEnvName, string>> = {
        ...sharedEnvironment,
        ...Object.fromEntries(
          reachableQueues.map(({ entry, pair }) => [`${entry.name.toUpperCase()}_QUEUE_URL`, pair.queue.queueUrl]),
        ),
        ...Object.fromEntries(
          (needs.secrets ?? []).flatMap((name) => {
            const value = secretEnvironment.get(name);
            return value ? [[name, value]] : [];
          }),
        ),
        // A trigger cannot name its own pool (the pool depends on the trigger); it reads event.userPoolId.
        ...(isTrigger
          ? {}
          : { USER_POOL_ID: userPool.userPoolId, USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId }),
        ...(needs.stripe ? { STRIPE_SECRET_ARN: stripeSecret.secretArn } : {}),
        ...(needs.platformClients ? { PLATFORM_CLIENTS_SECRET_ARN: platformClientsSecret.secretArn } : {}),
        ...(needs.tokenKey ? { TOKEN_KEY_SECRET_ARN: tokenKeySecret.secretArn } : {}),
      };
      const fn = new AppFunction(this, `${constructId(handler)}Function`, {
        projectRoot,
        handler,
        timeoutSeconds: size?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        memoryMb: size?.memoryMb ?? DEFAULT_MEMORY_MB,
        reservedConcurrency: size?.concurrency,
        environment: environment as Record<string, string>,
        logRetention: config.logRetention,
        logRemovalPolicy: ephemeral,
      });
      if (needs.table === 'write') table.grantReadWriteData(fn);
      else if (needs.table === 'read') table.grantReadData(fn);
      if (needs.stripe) stripeSecret.grantRead(fn);
      if (needs.platformClients) platformClientsSecret.grantRead(fn);
      if (needs.tokenKey) tokenKeySecret.grantRead(fn);
      for (const { entry, pair } of queueResources) {
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
            resources: [this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
          }),
        );
      } else if (cognitoActions.length > 0) {
        userPool.grant(fn, ...cognitoActions);
      }
      functions.set(handler, fn);
    }
    const functionFor = (handler: string) => functions.get(handler)!;

    userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, functionFor(authTriggers.postConfirmation));

    // ---- Routes ----
    const authorizer = new HttpJwtAuthorizer(
      'CognitoAuthorizer',
      `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      { jwtAudience: [userPoolClient.userPoolClientId], identitySource: ['$request.header.Authorization'] },
    );
    for (const route of routes) {
      httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(
          `${route.method}${constructId(route.path)}Integration`,
          functionFor(route.handler),
        ),
        // Webhooks and OAuth callbacks carry no token: their handlers check a signature or a state.
        authorizer: TOKEN_KINDS.includes(route.auth) ? authorizer : undefined,
      });
    }

    // ---- Queue workers ----
    for (const { entry, pair } of queueResources) {
      functionFor(entry.handler).addEventSource(
        new SqsEventSource(pair.queue, {
          batchSize: entry.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: entry.concurrency,
        }),
      );
    }

    // ---- Schedules ----
    for (const entry of schedules) {
      new Rule(this, `${constructId(entry.name)}Rule`, {
        description: `Runs ${entry.handler}`,
        schedule: Schedule.expression(entry.cron),
        targets: [new LambdaFunction(functionFor(entry.handler), { retryAttempts: 2 })],
      });
    }

    // ---- Web assets + runtime config ----
    if (!existsSync(join(config.webDistPath, 'index.html'))) {
      throw new Error(
        `No built SPA at ${config.webDistPath}: run \`npm run build:web\` (or set -c webDistPath=<folder>)`,
      );
    }
    const deploymentLogs = new LogGroup(this, 'WebDeploymentLogs', {
      retention: config.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const hashedAssetsDir = join(config.webDistPath, HASHED_ASSETS_DIR);
    const hashedAssets = existsSync(hashedAssetsDir)
      ? new BucketDeployment(this, 'WebHashedAssets', {
          sources: [Source.asset(hashedAssetsDir)],
          destinationBucket: siteBucket,
          destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          // Keep earlier builds' files: a browser still on the previous index.html may request them.
          prune: false,
          memoryLimit: 512,
          logGroup: deploymentLogs,
        })
      : undefined;
    const siteFiles = new BucketDeployment(this, 'WebSiteFiles', {
      sources: [
        Source.asset(config.webDistPath, { exclude: [`${HASHED_ASSETS_DIR}/**`] }),
        Source.jsonData('config.json', {
          mode: 'cloud',
          apiBaseUrl: '/api',
          region: this.region,
          userPoolId: userPool.userPoolId,
          userPoolClientId: userPoolClient.userPoolClientId,
          ...(cognitoDomain ? { googleSignIn: { cognitoDomain } } : {}),
        }),
      ],
      destinationBucket: siteBucket,
      // index.html and config.json must be revalidated so a deploy takes effect at once.
      cacheControl: [CacheControl.fromString('no-cache')],
      prune: false,
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: deploymentLogs,
    });
    // The new index.html must not go live before the files it references.
    if (hashedAssets) siteFiles.node.addDependency(hashedAssets);

    // ---- Dashboard and alarms ----
    new Observability(this, 'Observability', {
      stage: config.stage,
      httpApi,
      routes: routes.map((route) => ({ label: `${route.method} ${route.path}`, fn: functionFor(route.handler) })),
      workers: [...queues, ...schedules].map((entry) => ({ label: entry.name, fn: functionFor(entry.handler) })),
      queues: queueResources.map(({ entry, pair }) => ({
        name: entry.name,
        pair,
        maxReceiveCount: entry.maxReceiveCount,
      })),
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: config.appPublicUrl ?? siteUrl });
    new CfnOutput(this, 'ApiUrl', {
      value: apiStage.url,
      description: 'Direct API endpoint; browsers use /api on the site',
    });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}

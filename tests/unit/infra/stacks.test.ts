import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexes } from '#functions/data/keys';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#functions/data/table-definition';
import { LONGEST_TOKEN_LIFETIME_SECONDS, TOKEN_VALIDITY } from '#functions/lib/token-lifetimes';
import {
  APP_EVENT_SOURCE,
  routes as allRoutes,
  apiKeyAuthorizer,
  authTriggers,
  cloudRoutes,
  deployedHandlers,
  eventRules,
  plugTarget,
  queues,
  readingTarget,
  schedulerTarget,
  schedulerTargets,
  schedules,
  TOKEN_KINDS,
} from '#functions/manifest';
import { parseStageConfig, type StageConfigInput } from '#infra/config';
import { MailSender } from '#infra/constructs/mail-sender';
import { AppStack, accessByHandler, deploymentGroupByHandler } from '#infra/stacks/app-stack';
import { DataStack } from '#infra/stacks/data-stack';
import { engagementReadsAllowed } from '#shared/insights/engagement';
import { mergedTemplate, nestedStacksOf } from '#tests/helpers/cdk-templates';
import { repoRoot } from '#tests/helpers/paths';
import { parseRuntimeConfig } from '#web/config/runtime-config';

// Skips CloudFormation validation and esbuild bundling: the templates are the same, synth takes ~1 s.
process.env.CDK_VALIDATION = 'false';

const cdkContext = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')).context as Record<string, unknown>;

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Resources = Record<string, Resource>;

let webDist: string;
// Every optional setting at once: one extra synth covers secrets, alarms and a custom public URL.
const FULL_SETTINGS: Partial<StageConfigInput> = {
  appPublicUrl: 'https://threadsnip.example.com',
  generationRequestsPerHour: '60',
  apiKeysSecretName: 'threadsnip/test',
  alarmEmail: 'ops@example.com',
  mailFrom: 'notifications@mail.threadsnip.example.com',
  mailIdentity: 'threadsnip.example.com',
};
/** Every cloud assembly folder a test created, removed after the run. */
const assemblyDirs: string[] = [];
const synthesized = new Map<
  string,
  {
    data: Template;
    /** The App stack with its nested stacks folded in (tests/helpers/cdk-templates.ts). */
    app: Template;
    /** The App stack's own template, and each nested stack's, by construct id. */
    parent: Template;
    nested: Map<string, Template>;
    assemblyDir: string;
    stacks: { data: DataStack; app: AppStack };
  }
>();

/**
 * Both stacks' templates for a stage (the App stack's also merged with its nested stacks'); each distinct setting is synthesized once per run. `nag` adds
 * cdk-nag's AwsSolutions pack as infra/app.ts does, so its findings become the stacks' annotations.
 */
function synth(overrides: Partial<StageConfigInput> = {}, root = repoRoot, { nag = false } = {}) {
  const key = JSON.stringify([overrides, root, nag]);
  const cached = synthesized.get(key);
  if (cached) return cached;
  // Same feature flags as the CLI reads from cdk.json, so the templates match `npm run synth`.
  const outdir = mkdtempSync(join(tmpdir(), 'threadsnip-cdk-out-'));
  assemblyDirs.push(outdir);
  const app = new App({
    outdir,
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] },
  });
  const config = parseStageConfig({
    stage: 'test',
    account: '123456789012',
    region: 'us-east-1',
    adminEmails: 'Admin@Example.com',
    webDistPath: webDist,
    ...overrides,
  });
  const env = { account: config.account, region: config.region };
  const data = new DataStack(app, 'Data', {
    env,
    isProduction: config.isProduction,
    appPublicUrl: config.appPublicUrl,
  });
  const appStack = new AppStack(app, 'App', {
    env,
    config,
    table: data.table,
    mediaBucket: data.mediaBucket,
    projectRoot: root,
  });
  if (nag) Aspects.of(app).add(new AwsSolutionsChecks());
  const templates = {
    data: Template.fromStack(data),
    app: mergedTemplate(appStack),
    parent: Template.fromStack(appStack),
    nested: new Map([...nestedStacksOf(appStack)].map(([id, stack]) => [id, Template.fromStack(stack)])),
    assemblyDir: app.outdir,
    stacks: { data, app: appStack },
  };
  synthesized.set(key, templates);
  return templates;
}

/** The config.json a stack deploys, with its deploy-time markers resolved to the logical ids they name. */
function deployedRuntimeConfig(templates: { app: Template; assemblyDir: string }) {
  const siteFiles = Object.values(
    templates.app.findResources('Custom::CDKBucketDeployment', { Properties: { DistributionPaths: ['/*'] } }),
  )[0]!.Properties!;
  const keys = siteFiles.SourceObjectKeys as string[];
  const markers = siteFiles.SourceMarkers as Record<string, { Ref: string }>[];
  const index = keys.findIndex((key) =>
    existsSync(join(templates.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json')),
  );
  const staged = readFileSync(
    join(templates.assemblyDir, `asset.${keys[index]!.replace(/\.zip$/, '')}`, 'config.json'),
    'utf8',
  );
  const resolved = staged.replace(/<<marker:[^>]+>>/g, (marker) => markers[index]![marker]!.Ref);
  return { siteFiles, runtimeConfig: parseRuntimeConfig(JSON.parse(resolved)) };
}

const routes = cloudRoutes;
const allHandlers = deployedHandlers;

/** The logical id of the Lambda built from a manifest handler (its description names the module). */
function functionId(template: Template, handler: string): string {
  const found = template.findResources('AWS::Lambda::Function', {
    Properties: { Description: `functions/${handler}.ts` },
  });
  const ids = Object.keys(found);
  expect(ids, `one function for ${handler}`).toHaveLength(1);
  return ids[0]!;
}

/** The properties of the Lambda built from a manifest handler. */
function functionProps(template: Template, handler: string): Record<string, unknown> {
  return resources(template)[functionId(template, handler)]?.Properties ?? {};
}

/** The environment variables of the Lambda built from a manifest handler. */
function environmentOf(template: Template, handler: string): Record<string, unknown> {
  return (functionProps(template, handler).Environment as { Variables: Record<string, unknown> }).Variables;
}

function resources(template: Template): Resources {
  return template.toJSON().Resources as Resources;
}

/** Logical ids a value points at through Ref or Fn::GetAtt. */
function references(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) references(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner)) into.add(String(inner[0]));
      else references(inner, into);
    }
  }
  return into;
}

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'threadsnip-infra-test-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'ThreadSnip', start_url: '/create' }));
});

afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
  for (const dir of assemblyDirs) rmSync(dir, { recursive: true, force: true });
});

describe('data stack', () => {
  it('creates one on-demand table with PITR, TTL, both GSIs, retained on delete', () => {
    const { data } = synth();

    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        GlobalSecondaryIndexes: TABLE_INDEXES.map((index) =>
          Match.objectLike({
            IndexName: index.indexName,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }),
        ),
      }),
    });
    // The file's first synth: seconds on a busy machine.
  }, 30_000);

  it("indexes a user's threads by creation time and by title for the history sorts", () => {
    const { data } = synth();
    const table = Object.values(data.findResources('AWS::DynamoDB::Table'))[0]!;
    const names = (table.Properties.GlobalSecondaryIndexes as Array<{ IndexName: string }>).map((i) => i.IndexName);
    expect(names).toEqual(expect.arrayContaining([indexes.threadsByCreated, indexes.threadsByTitle]));
  });

  it('protects the production table from deletion', () => {
    const { data } = synth({ stage: 'prod' });

    data.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('keeps pictures in a private, TLS-only, encrypted media bucket, retained, that expires unchecked uploads and unattached pictures', () => {
    const { data } = synth();

    data.resourceCountIs('AWS::S3::Bucket', 1);
    data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }),
            Match.objectLike({
              Prefix: 'media/',
              TagFilters: [{ Key: 'attached', Value: 'false' }],
              ExpirationInDays: 7,
              Status: 'Enabled',
            }),
          ]),
        },
      }),
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it("lets only the app's origin POST uploads to the media bucket (any CloudFront origin until a public URL is set)", () => {
    const corsOf = (template: Template) =>
      Object.values(template.findResources('AWS::S3::Bucket'))[0]?.Properties?.CorsConfiguration;

    expect(corsOf(synth(FULL_SETTINGS).data)).toEqual({
      CorsRules: [
        {
          AllowedOrigins: ['https://threadsnip.example.com'],
          AllowedMethods: ['POST', 'GET'],
          AllowedHeaders: ['*'],
          MaxAge: 3000,
        },
      ],
    });
    expect(corsOf(synth().data).CorsRules[0].AllowedOrigins).toEqual(['https://*.cloudfront.net']);
  });
});

describe('app stack', () => {
  let app: Template;
  beforeAll(() => {
    ({ app } = synth());
  });

  it('has a Cognito pool for email sign-up, a secretless SPA client and the admin group', () => {
    app.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [functionId(app, authTriggers.postConfirmation), 'Arn'] } },
    });
    app.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      // The one constant a deleted account's tombstone also outlives.
      IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
      AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
      RefreshTokenValidity: LONGEST_TOKEN_LIFETIME_SECONDS / 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
    app.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('lets the post-confirmation trigger add users to groups without naming its own pool', () => {
    const roleId = [...references(functionProps(app, authTriggers.postConfirmation).Role, new Set())][0]!;

    app.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'cognito-idp:AdminAddUserToGroup',
            Resource: 'arn:aws:cognito-idp:us-east-1:123456789012:userpool/*',
          }),
        ]),
      },
    });
    expect(environmentOf(app, authTriggers.postConfirmation)).not.toHaveProperty('USER_POOL_ID');
  });

  it('protects the API with a Cognito JWT authorizer and throttles the default stage', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('^UserPoolWebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.us-east-1.amazonaws.com/', { Ref: Match.stringLikeRegexp('^UserPool') }],
          ],
        },
      },
    });
    app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
    });
  });

  it('protects /v1 with the API key Lambda authorizer: REQUEST, simple responses, keyed on the key and the address, cached 60 s', () => {
    const authorizers = Object.values(
      app.findResources('AWS::ApiGatewayV2::Authorizer', { Properties: { AuthorizerType: 'REQUEST' } }),
    );

    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]!.Properties).toMatchObject({
      Name: 'api-key',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization', '$context.identity.sourceIp'],
      AuthorizerResultTtlInSeconds: 60,
    });
    expect(JSON.stringify(authorizers[0]!.Properties!.AuthorizerUri)).toContain(
      functionId(app, apiKeyAuthorizer.handler),
    );
    // The gateway may invoke the authorizer function, and nothing else is granted that.
    const invokes = Object.values(app.findResources('AWS::Lambda::Permission')).filter((permission) =>
      JSON.stringify(permission.Properties?.FunctionName).includes(functionId(app, apiKeyAuthorizer.handler)),
    );
    expect(invokes.map((permission) => permission.Properties?.Principal)).toEqual(['apigateway.amazonaws.com']);
  });

  it('serves GET /v1/openapi.json without an authorizer from its own function in the PublicApiFunctions stack, with no table rights', () => {
    const { nested } = synth();
    const publicApi = nested.get('PublicApiFunctions')!;
    const handler = 'http/v1/get-openapi';
    const route = Object.values(
      publicApi.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'GET /v1/openapi.json' } }),
    );

    expect(route).toHaveLength(1);
    expect(route[0]!.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route[0]!.Properties).not.toHaveProperty('AuthorizerId');
    expect(functionId(publicApi, handler)).toMatch(/^HttpV1GetOpenapiFunction/);
    expect(grantsOf(app, handler).filter(({ action }) => action.startsWith('dynamodb:'))).toEqual([]);
  });

  it('serves the MCP server at ANY /mcp from its own function in the PublicApiFunctions stack, without a gateway authorizer (its handler verifies the key to answer a bearer challenge), with the rights of the /v1 routes its tools call', () => {
    const { nested } = synth();
    const publicApi = nested.get('PublicApiFunctions')!;
    const handler = 'http/mcp/mcp';
    const route = Object.values(
      publicApi.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'ANY /mcp' } }),
    );
    const actions = new Set(grantsOf(app, handler).map(({ action }) => action));

    expect(route).toHaveLength(1);
    expect(route[0]!.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route[0]!.Properties).not.toHaveProperty('AuthorizerId');
    expect(functionId(publicApi, handler)).toMatch(/^HttpMcpMcpFunction/);
    expect(functionProps(app, handler).Timeout).toBe(20);
    for (const action of ['dynamodb:PutItem', 'dynamodb:BatchGetItem', 'sqs:SendMessage', 'scheduler:CreateSchedule'])
      expect(actions, action).toContain(action);
  });

  it('has one route per manifest route, wired to its handler, with the JWT authorizer only on user and admin routes', () => {
    app.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    const integrations = app.findResources('AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const found = Object.values(
        app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: `${route.method} ${route.path}` } }),
      );
      expect(found, `${route.method} ${route.path}`).toHaveLength(1);
      const props = found[0]!.Properties as Record<string, unknown>;
      if (TOKEN_KINDS.includes(route.auth)) {
        expect(props.AuthorizationType).toBe('JWT');
        expect(props.AuthorizerId).toEqual({ Ref: expect.stringMatching(/Authorizer/) });
      } else if (route.auth === 'api-key') {
        expect(props.AuthorizationType, `${route.method} ${route.path}`).toBe('CUSTOM');
        expect(JSON.stringify(props.AuthorizerId)).toMatch(/ApiKeyAuthorizer/);
      } else {
        expect(props.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(props).not.toHaveProperty('AuthorizerId');
      }
      const integrationId = [...references(props.Target, new Set())][0]!;
      expect(integrations[integrationId]?.Properties?.IntegrationUri).toEqual({
        'Fn::GetAtt': [functionId(app, route.handler), 'Arn'],
      });
    }
  });

  it('serves the thread library routes (list, read, save, delete) behind the JWT authorizer', () => {
    for (const routeKey of [
      'GET /api/threads',
      'GET /api/threads/{threadId}',
      'PUT /api/threads/{threadId}',
      'DELETE /api/threads/{threadId}',
    ]) {
      const found = Object.values(
        app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }),
      );
      expect(found, routeKey).toHaveLength(1);
      expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    }
  });

  it('serves the publish-target choice behind the JWT authorizer, writing the table without the token key', () => {
    const found = Object.values(
      app.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'PUT /api/connections/{platform}/target' },
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    expect(environmentOf(app, 'http/connections/put-connection-target')).not.toHaveProperty('TOKEN_KEY_SECRET_ARN');
  });

  it("serves the LinkedIn page choice behind the JWT authorizer, opening the member's token to ask LinkedIn", () => {
    const found = Object.values(
      app.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'PUT /api/connections/linkedin/identity' },
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    expect(Object.keys(environmentOf(app, 'http/connections/put-linkedin-identity'))).toEqual(
      expect.arrayContaining(['TOKEN_KEY_SECRET_ARN', 'PLATFORM_CLIENTS_SECRET_ARN']),
    );
  });

  it('serves the admin back-office routes behind the JWT authorizer, each with its own Lambda', () => {
    for (const routeKey of [
      'GET /api/admin/access',
      'GET /api/admin/users',
      'GET /api/admin/workspaces',
      'PUT /api/admin/users/{userId}/role',
      'GET /api/admin/security-events',
      'POST /api/admin/actions',
    ]) {
      const found = Object.values(
        app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }),
      );
      expect(found, routeKey).toHaveLength(1);
      expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
      expect(routes.find((route) => `${route.method} ${route.path}` === routeKey)?.auth).toBe('admin');
    }
  });

  it('serves is_admin to any signed-in user behind the JWT authorizer, with the table rights to record the check', () => {
    const found = Object.values(
      app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'GET /api/me/is-admin' } }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    expect(routes.find((route) => route.path === '/api/me/is-admin')).toMatchObject({
      auth: 'user',
      access: { table: 'write' },
    });
  });

  it('builds one Node 24 Lambda per manifest handler with its own retained-for-a-while log group: arm64, or x86_64 for the sharp of those that decode pictures', () => {
    const logGroups = app.findResources('AWS::Logs::LogGroup');
    const sizing = new Map<string, { timeoutSeconds?: number; memoryMb?: number }>(
      [...routes, ...queues, ...schedules, ...schedulerTargets, ...eventRules, apiKeyAuthorizer].map((entry) => [
        entry.handler,
        entry,
      ]),
    );
    for (const handler of allHandlers) {
      const fn = functionProps(app, handler);
      expect(fn.Architectures).toEqual([accessByHandler().get(handler)?.imaging ? 'x86_64' : 'arm64']);
      expect(fn.Runtime).toBe('nodejs24.x');
      expect(fn.Timeout).toBe(sizing.get(handler)?.timeoutSeconds ?? 10);
      expect(fn.MemorySize).toBe(sizing.get(handler)?.memoryMb ?? 512);
      const logGroupId = (fn.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logGroups[logGroupId]?.Properties?.RetentionInDays).toBe(14);
      const variables = environmentOf(app, handler);
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'APP_PUBLIC_URL', 'ADMIN_EMAILS', 'OPENAI_MODEL']),
      );
      expect(variables.ADMIN_EMAILS).toBe('admin@example.com');
      expect(variables).toMatchObject({ GENERATION_REQUESTS_PER_HOUR: '30', REGENERATIONS_PER_THREAD_PER_DAY: '10' });
      // No secret configured: the functions run the offline generator.
      expect(variables).not.toHaveProperty('OPENAI_API_KEY');
    }
  });

  it('points APP_PUBLIC_URL at the distribution unless a public URL is configured', () => {
    expect(environmentOf(app, 'http/system/get-health').APP_PUBLIC_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^Distribution/), 'DomainName'] }]],
    });

    const custom = synth(FULL_SETTINGS).app;
    expect(environmentOf(custom, 'http/system/get-health').APP_PUBLIC_URL).toBe('https://threadsnip.example.com');
    expect(environmentOf(custom, 'http/generation/post-generation-job').GENERATION_REQUESTS_PER_HOUR).toBe('60');
  });

  it('gives each manifest queue an encrypted DLQ and a partial-batch event source on its worker', () => {
    const all = resources(app);
    for (const queue of queues) {
      const workerId = functionId(app, queue.handler);
      const mappings = Object.values(
        app.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: workerId } } }),
      );
      expect(mappings).toHaveLength(1);
      const mapping = mappings[0]!.Properties!;
      expect(mapping.BatchSize).toBe(queue.batchSize);
      expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      // As many messages at once as the local poller runs, and no more: the worker's reserved concurrency.
      expect(mapping.ScalingConfig).toEqual({ MaximumConcurrency: queue.concurrency });
      expect(all[workerId]!.Properties!.ReservedConcurrentExecutions).toBe(queue.concurrency);

      const queueId = (mapping.EventSourceArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
      const source = all[queueId]!.Properties!;
      expect(source.VisibilityTimeout).toBe(queue.timeoutSeconds * 6);
      expect(source.SqsManagedSseEnabled).toBe(true);
      const redrive = source.RedrivePolicy as {
        maxReceiveCount: number;
        deadLetterTargetArn: { 'Fn::GetAtt': string[] };
      };
      expect(redrive.maxReceiveCount).toBe(queue.maxReceiveCount);
      const dlq = all[redrive.deadLetterTargetArn['Fn::GetAtt'][0]!]!;
      expect(dlq.Type).toBe('AWS::SQS::Queue');
      expect(dlq.Properties?.SqsManagedSseEnabled).toBe(true);
    }
  });

  it('takes Stripe webhooks without the JWT authorizer and grants the Stripe secret only to the payment functions', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/stripe/webhook',
      AuthorizationType: 'NONE',
    });
    for (const path of ['/api/credits/checkout', '/api/credits/verify-payment']) {
      app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `POST ${path}`, AuthorizationType: 'JWT' });
    }
    const secrets = Object.keys(app.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('StripeSecret'),
    );
    expect(secrets).toHaveLength(1);
    const stripeHandlers = [
      'webhooks/stripe',
      'http/payments/post-credit-checkout',
      'http/payments/post-verify-credit-payment',
    ];
    for (const handler of allHandlers) {
      const variables = environmentOf(app, handler);
      if (stripeHandlers.includes(handler)) {
        expect(variables.STRIPE_SECRET_ARN, handler).toEqual({ Ref: secrets[0] });
      } else {
        expect(variables, handler).not.toHaveProperty('STRIPE_SECRET_ARN');
      }
      // The keys themselves never sit in a function's environment.
      expect(variables).not.toHaveProperty('STRIPE_SECRET_KEY');
      expect(variables).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
    }
    const policies = JSON.stringify(app.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('secretsmanager:GetSecretValue');
    const localOnly = allRoutes.filter((route) => route.localOnly);
    expect(localOnly.map((route) => route.path)).toEqual(['/api/credits/test-checkout']);
    expect(
      app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'POST /api/credits/test-checkout' } }),
    ).toEqual({});
  });

  it('serves the public pages without the JWT authorizer and reaches the webmention queue only from its senders', () => {
    for (const routeKey of ['GET /t/{publicId}', 'GET /about-article']) {
      app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey, AuthorizationType: 'NONE' });
    }
    for (const routeKey of [
      'PUT /api/threads/{threadId}/visibility',
      'GET /api/threads/{threadId}/webmention',
      'PUT /api/me/display-name',
    ]) {
      app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey, AuthorizationType: 'JWT' });
    }
    expect(queues.map((queue) => queue.name)).toContain('webmention');
    const senders = ['http/public/put-thread-visibility', 'queue/publishing-worker', 'queue/webmention-worker'];
    for (const handler of senders) expect(environmentOf(app, handler).WEBMENTION_QUEUE_URL, handler).toBeDefined();
    const readers = [
      'http/public/get-public-thread',
      'http/public/get-about-article',
      'http/public/get-thread-webmention',
      'http/account/put-display-name',
    ];
    for (const handler of readers) {
      expect(environmentOf(app, handler), handler).not.toHaveProperty('WEBMENTION_QUEUE_URL');
    }
    // The status poll reads the thread and writes only a refusal's security event; it reaches no queue.
    const statusActions = grantsOf(app, 'http/public/get-thread-webmention').map(({ action }) => action);
    expect(statusActions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']));
    expect(statusActions.filter((action) => action.startsWith('sqs:') || action.startsWith('cognito-idp:'))).toEqual(
      [],
    );
  });

  it('has a publishing queue with its DLQ, and a token-encryption secret only the token users may read', () => {
    expect(queues.map((queue) => queue.name)).toContain('publishing');
    const secrets = app.findResources('AWS::SecretsManager::Secret');
    const tokenKeyIds = Object.keys(secrets).filter((id) => id.startsWith('PlatformTokenKey'));
    expect(tokenKeyIds).toHaveLength(1);
    const secretId = tokenKeyIds[0]!;
    expect(secrets[secretId]!.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
    const env = environmentOf(app, 'queue/publishing-worker');
    expect(env.TOKEN_KEY_SECRET_ARN).toEqual({ Ref: secretId });
    expect(env.PUBLISHING_QUEUE_URL).toBeDefined();
    const access = accessByHandler();
    const tokenUsers = allHandlers.filter((handler) => access.get(handler)?.tokenKey);
    expect(tokenUsers).toEqual(
      expect.arrayContaining([
        'queue/publishing-worker',
        'http/publishing/post-publish',
        'http/publishing/get-author-posts',
        'http/connections/post-telegram-connection',
        'http/connections/post-bluesky-connection',
      ]),
    );
    for (const handler of allHandlers) {
      const variables = environmentOf(app, handler);
      if (tokenUsers.includes(handler)) expect(variables.TOKEN_KEY_SECRET_ARN, handler).toEqual({ Ref: secretId });
      else expect(variables, handler).not.toHaveProperty('TOKEN_KEY_SECRET_ARN');
    }
  });

  it('serves OAuth connections on a start route with the JWT and a callback without it, and grants the platform apps secret only to the functions that declare it', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/connections/{platform}/authorize',
      AuthorizationType: 'JWT',
    });
    app.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/connections/{platform}/callback',
      AuthorizationType: 'NONE',
    });
    const secretIds = Object.keys(app.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('PlatformClientsSecret'),
    );
    expect(secretIds).toHaveLength(1);
    const access = accessByHandler();
    const readers = allHandlers.filter((handler) => access.get(handler)?.platformClients);
    expect(readers).toEqual(expect.arrayContaining(['http/connections/get-oauth-callback', 'queue/publishing-worker']));
    for (const handler of allHandlers) {
      const variables = environmentOf(app, handler);
      if (readers.includes(handler)) {
        expect(variables.PLATFORM_CLIENTS_SECRET_ARN, handler).toEqual({ Ref: secretIds[0] });
      } else {
        expect(variables, handler).not.toHaveProperty('PLATFORM_CLIENTS_SECRET_ARN');
      }
      // App secrets never sit in a function's environment in the cloud.
      expect(variables).not.toHaveProperty('TWITTER_CLIENT_SECRET');
    }
  });

  it('runs each manifest schedule on its EventBridge cron, including the midnight credit refresh', () => {
    expect(schedules.map((s) => s.cron)).toContain('cron(0 0 * * ? *)');
    for (const schedule of schedules) {
      app.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: schedule.cron,
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(app, schedule.handler), 'Arn'] } })],
      });
    }
  });

  it('refreshes idle platform tokens daily with only the token key, the platform clients and the table', () => {
    const handler = 'schedule/refresh-platform-tokens';
    expect(schedules.find((s) => s.handler === handler)?.cron).toMatch(/^cron\(\d+ \d+ \* \* \? \*\)$/);
    const variables = environmentOf(app, handler);
    expect(variables).toHaveProperty('TOKEN_KEY_SECRET_ARN');
    expect(variables).toHaveProperty('PLATFORM_CLIENTS_SECRET_ARN');
    expect(variables).not.toHaveProperty('PUBLISHING_QUEUE_URL');
  });

  it('keeps the site bucket private and TLS-only', () => {
    app.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    app.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves /api/*, /v1/*, /mcp, /t/* and /about-article uncached from the HTTP API and everything else from S3 with the SPA fallback', () => {
    const distribution = Object.values(app.findResources('AWS::CloudFront::Distribution'))[0]!.Properties!
      .DistributionConfig as { CacheBehaviors: { PathPattern: string; TargetOriginId: string }[] };
    const apiOriginId = distribution.CacheBehaviors.find(
      (behavior) => behavior.PathPattern === '/api/*',
    )!.TargetOriginId;
    app.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        // A distribution-wide 404 → index.html rule would also swallow API 404s.
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            FunctionAssociations: Match.absent(),
          }),
          Match.objectLike({
            PathPattern: '/v1/*',
            TargetOriginId: apiOriginId,
            AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
            ViewerProtocolPolicy: 'https-only',
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            FunctionAssociations: Match.absent(),
          }),
          Match.objectLike({
            PathPattern: '/mcp',
            TargetOriginId: apiOriginId,
            AllowedMethods: Match.arrayWith(['POST', 'DELETE']),
            ViewerProtocolPolicy: 'https-only',
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            FunctionAssociations: Match.absent(),
          }),
          ...['/t/*', '/about-article'].map((PathPattern) =>
            Match.objectLike({
              PathPattern,
              TargetOriginId: apiOriginId,
              AllowedMethods: ['GET', 'HEAD'],
              ViewerProtocolPolicy: 'redirect-to-https',
              CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
              OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
              FunctionAssociations: Match.absent(),
            }),
          ),
        ],
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Join': [
                '',
                [{ Ref: Match.stringLikeRegexp('^HttpApi') }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }],
              ],
            },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
      }),
    });
  });

  it('rewrites client-side routes to index.html and leaves files alone', () => {
    const code = Object.values(app.findResources('AWS::CloudFront::Function'))[0]!.Properties!.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };

    expect(handler({ request: { uri: '/thread/01HX' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
    expect(handler({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
  });

  it('deploys a config.json the SPA accepts, naming this stack’s pool and client, revalidated on every load', () => {
    const { siteFiles, runtimeConfig } = deployedRuntimeConfig(synth());
    expect(runtimeConfig).toEqual({
      mode: 'cloud',
      apiBaseUrl: '/api',
      region: 'us-east-1',
      userPoolId: expect.stringMatching(/^UserPool[A-F0-9]+$/),
      userPoolClientId: expect.stringMatching(/^UserPoolWebClient/),
      siteUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(siteFiles.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(siteFiles.Prune).toBe(false);
    // The bookmarklet opens the public address when one is configured.
    expect(deployedRuntimeConfig(synth(FULL_SETTINGS)).runtimeConfig.siteUrl).toBe('https://threadsnip.example.com');
  });

  it('serves the web app manifest as application/manifest+json, revalidated, and only from its own deployment', () => {
    const templates = synth();
    const deployments = Object.values(templates.app.findResources('Custom::CDKBucketDeployment')).map(
      (resource) => resource.Properties as Record<string, unknown>,
    );
    const manifest = deployments.filter(
      (props) => (props.SystemMetadata as Record<string, string>)['content-type'] === 'application/manifest+json',
    );
    expect(manifest).toHaveLength(1);
    expect(manifest[0]!.SystemMetadata).toEqual({
      'content-type': 'application/manifest+json',
      'cache-control': 'no-cache',
    });
    expect(manifest[0]!.Prune).toBe(false);
    const stagedFiles = (props: Record<string, unknown>) =>
      (props.SourceObjectKeys as string[]).flatMap((key) => {
        const dir = join(templates.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`);
        return existsSync(dir) ? readdirSync(dir) : [];
      });
    expect(stagedFiles(manifest[0]!)).toEqual(['manifest.webmanifest']);
    const { siteFiles } = deployedRuntimeConfig(templates);
    expect(stagedFiles(siteFiles)).toContain('index.html');
    expect(stagedFiles(siteFiles)).not.toContain('manifest.webmanifest');
  });

  it('offers Google sign-in through the hosted UI only when it is configured', () => {
    const google = synth({
      ...FULL_SETTINGS,
      googleSignIn: { clientId: 'google-client', domainPrefix: 'threadsnip-test' },
    });
    google.app.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({ client_id: 'google-client', authorize_scopes: 'openid email profile' }),
    });
    google.app.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'threadsnip-test' });
    google.app.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      AllowedOAuthFlows: ['code'],
      CallbackURLs: ['https://threadsnip.example.com/auth'],
    });
    expect(deployedRuntimeConfig(google).runtimeConfig.googleSignIn).toEqual({
      cognitoDomain: 'threadsnip-test.auth.us-east-1.amazoncognito.com',
    });

    const plain = synth();
    expect(plain.app.findResources('AWS::Cognito::UserPoolIdentityProvider')).toEqual({});
    expect(deployedRuntimeConfig(plain).runtimeConfig.googleSignIn).toBeUndefined();
    expect(() => synth({ googleSignIn: { clientId: 'google-client', domainPrefix: 'threadsnip-test' } })).toThrow(
      /apiKeysSecretName/,
    );
  });

  it('names no resource physically, so stages and stacks never collide', () => {
    const namingProperties: Record<string, string> = {
      'AWS::DynamoDB::Table': 'TableName',
      'AWS::Lambda::Function': 'FunctionName',
      'AWS::SQS::Queue': 'QueueName',
      'AWS::S3::Bucket': 'BucketName',
      'AWS::Cognito::UserPool': 'UserPoolName',
      'AWS::IAM::Role': 'RoleName',
      'AWS::Logs::LogGroup': 'LogGroupName',
      'AWS::Events::Rule': 'Name',
      'AWS::SNS::Topic': 'TopicName',
      'AWS::CloudWatch::Alarm': 'AlarmName',
    };
    const { data, app: withAlarms } = synth(FULL_SETTINGS);
    for (const template of [data, withAlarms]) {
      for (const [id, resource] of Object.entries(resources(template))) {
        const property = namingProperties[resource.Type];
        if (property) expect(resource.Properties ?? {}, id).not.toHaveProperty(property);
      }
    }
  });

  it('has no circular dependency between resources, with every optional setting on', () => {
    // Template.fromStack rejects a template whose resources depend on each other in a cycle.
    expect(() => synth(FULL_SETTINGS)).not.toThrow();
  });
});

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** Every IAM action the role of a manifest handler's Lambda is allowed, with the resources of each. */
function grantsOf(template: Template, handler: string): { action: string; resource: unknown }[] {
  const roleId = [...references(functionProps(template, handler).Role, new Set())][0]!;
  const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
    ((policy.Properties?.Roles ?? []) as { Ref: string }[]).some((role) => role.Ref === roleId),
  );
  return policies.flatMap((policy) =>
    ((policy.Properties?.PolicyDocument as { Statement?: Statement[] } | undefined)?.Statement ?? [])
      .filter((statement) => statement.Effect === 'Allow')
      .flatMap((statement) => [statement.Action].flat().map((action) => ({ action, resource: statement.Resource }))),
  );
}

describe('scheduled items on EventBridge Scheduler', () => {
  let app: Template;
  const access = accessByHandler();
  beforeAll(() => {
    ({ app } = synth());
  });
  const idOf = (type: string) => {
    const ids = Object.keys(app.findResources(type));
    expect(ids, type).toHaveLength(1);
    return ids[0]!;
  };
  const schedulerRoleId = () => {
    const roles = Object.entries(app.findResources('AWS::IAM::Role')).filter(([, role]) =>
      JSON.stringify(role.Properties?.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    return roles[0]![0];
  };

  it('has one schedule group and a role only this account’s schedules assume, that may only invoke the fire function', () => {
    idOf('AWS::Scheduler::ScheduleGroup');
    const roleId = schedulerRoleId();
    const role = resources(app)[roleId]!.Properties!;
    expect(role.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ],
    });
    expect(role.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(app.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => (policy.Properties!.PolicyDocument as { Statement: unknown[] }).Statement);

    const targets = [schedulerTarget, readingTarget, plugTarget].map(({ handler }) => ({
      'Fn::GetAtt': [functionId(app, handler), 'Arn'],
    }));
    expect(statements).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: expect.any(Array) }]);
    // In any order: CDK lists the App stack's own function and a nested stack's output as it resolves them.
    const invoked = (statements[0] as { Resource: unknown[] }).Resource;
    expect(invoked).toHaveLength(targets.length);
    expect(invoked).toEqual(expect.arrayContaining(targets));
  });

  it('lets only the functions that schedule manage the group’s schedules and pass the scheduler role, and nothing else', () => {
    const groupId = idOf('AWS::Scheduler::ScheduleGroup');
    const roleId = schedulerRoleId();
    const scheduling = allHandlers.filter((handler) => access.get(handler)?.scheduler).sort();
    expect(scheduling).toEqual(
      [
        'event/arm-plug',
        'event/plan-engagement-readings',
        'http/account/delete-me',
        'http/admin/delete-admin-thread',
        'http/connections/delete-connection',
        'http/connections/delete-connection-account',
        'http/mcp/mcp',
        'http/scheduling/delete-scheduled-item',
        'http/scheduling/post-publish-now',
        'http/scheduling/post-schedule',
        'http/scheduling/put-scheduled-item',
        'http/threads/delete-thread',
        'http/v1/delete-thread',
        'http/v1/post-schedule',
        'http/workspaces/approve-thread',
        'http/public/post-client-decision',
        'schedule/check-plug',
        'schedule/fire-scheduled-item',
      ].sort(),
    );

    for (const handler of allHandlers) {
      const grants = grantsOf(app, handler);
      const scheduleGrants = grants.filter(({ action }) => action.startsWith('scheduler:'));
      const passRole = grants.filter(({ action }) => action.startsWith('iam:'));
      const variables = environmentOf(app, handler);
      if (!scheduling.includes(handler)) {
        expect(scheduleGrants, handler).toEqual([]);
        expect(passRole, handler).toEqual([]);
        expect(variables, handler).not.toHaveProperty('SCHEDULER_ROLE_ARN');
        continue;
      }
      expect(scheduleGrants.map(({ action }) => action).sort(), handler).toEqual([
        'scheduler:CreateSchedule',
        'scheduler:DeleteSchedule',
        'scheduler:UpdateSchedule',
      ]);
      for (const { resource } of scheduleGrants) {
        // arn:…:schedule/<the group's name>/*: the group's schedules only.
        expect(JSON.stringify(resource)).toContain(`:schedule/${resources(app)[groupId]!.Properties!.Name}/*`);
      }
      expect(passRole, handler).toEqual([{ action: 'iam:PassRole', resource: { 'Fn::GetAtt': [roleId, 'Arn'] } }]);
      expect(variables, handler).toMatchObject({
        SCHEDULER_GROUP_NAME: resources(app)[groupId]!.Properties!.Name,
        SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [roleId, 'Arn'] },
      });
      // A target that schedules (the plug check its next check, the item fire its grace window's end)
      // schedules only itself, by the ARN it was invoked as: its own, or another target's across the
      // nested stacks, in its environment would be a circular reference. Every other scheduling
      // function is told each target's.
      if (handler === plugTarget.handler || handler === schedulerTarget.handler) {
        for (const name of ['SCHEDULER_TARGET_ARN', 'READING_TARGET_ARN', 'PLUG_TARGET_ARN'])
          expect(variables, handler).not.toHaveProperty(name);
        continue;
      }
      expect(variables, handler).toMatchObject({
        SCHEDULER_TARGET_ARN: { 'Fn::GetAtt': [functionId(app, schedulerTarget.handler), 'Arn'] },
        READING_TARGET_ARN: { 'Fn::GetAtt': [functionId(app, readingTarget.handler), 'Arn'] },
      });
      expect(JSON.stringify(variables.PLUG_TARGET_ARN), handler).toContain(`"${functionId(app, plugTarget.handler)}"`);
    }
  });

  it('gives the fire function the publishing path’s rights, and the group’s schedules for an item waiting for approval', () => {
    const grants = grantsOf(app, schedulerTarget.handler).map(({ action }) => action);

    expect(grants).toEqual(expect.arrayContaining(['sqs:SendMessage', 'dynamodb:UpdateItem']));
    expect(grants.filter((action) => action.startsWith('scheduler:') || action === 'iam:PassRole').sort()).toEqual([
      'iam:PassRole',
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(functionProps(app, schedulerTarget.handler).Timeout).toBe(schedulerTarget.timeoutSeconds);
  });
});

describe('insights collection: the app bus, the ThreadPublished rule and the reading target', () => {
  let app: Template;
  beforeAll(() => {
    ({ app } = synth());
  });
  const busId = () => {
    const ids = Object.keys(app.findResources('AWS::Events::EventBus'));
    expect(ids).toHaveLength(1);
    return ids[0]!;
  };

  it('routes ThreadPublished from the app bus to the planning and plug-arming functions, each with retries and a dead-letter queue', () => {
    const rules = Object.values(
      app.findResources('AWS::Events::Rule', { Properties: { EventBusName: { Ref: busId() } } }),
    );
    expect(eventRules.map((rule) => rule.handler)).toEqual(['event/plan-engagement-readings', 'event/arm-plug']);
    // Besides these, one rule per queue fed by the bus (the webhooks queue: see 'webhooks' below).
    expect(rules).toHaveLength(eventRules.length + queues.filter((queue) => queue.fromEvents?.length).length);
    for (const rule of eventRules) {
      const arn = { 'Fn::GetAtt': [functionId(app, rule.handler), 'Arn'] };
      const found = rules.filter((candidate) =>
        (candidate.Properties!.Targets as Record<string, unknown>[]).some(
          (target) => JSON.stringify(target.Arn) === JSON.stringify(arn),
        ),
      );
      expect(found, rule.handler).toHaveLength(1);
      const props = found[0]!.Properties!;
      expect(props.EventPattern).toEqual({ source: [APP_EVENT_SOURCE], 'detail-type': ['ThreadPublished'] });
      const [target] = props.Targets as Record<string, unknown>[];
      expect(target!.RetryPolicy).toEqual({ MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 });
      const dlqId = [...references(target!.DeadLetterConfig, new Set())][0]!;
      expect(resources(app)[dlqId]!.Type).toBe('AWS::SQS::Queue');
      expect(resources(app)[dlqId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    }
  });

  it('gives the plug check the table, the token key, the platform apps and the schedule group, and the arming function no secrets', () => {
    const grants = grantsOf(app, plugTarget.handler).map(({ action }) => action);

    expect(grants).toEqual(
      expect.arrayContaining(['dynamodb:UpdateItem', 'secretsmanager:GetSecretValue', 'scheduler:CreateSchedule']),
    );
    expect(functionProps(app, plugTarget.handler).Timeout).toBe(plugTarget.timeoutSeconds);
    expect(Object.keys(environmentOf(app, plugTarget.handler))).toEqual(
      expect.arrayContaining(['TOKEN_KEY_SECRET_ARN', 'PLATFORM_CLIENTS_SECRET_ARN']),
    );
    const arming = grantsOf(app, 'event/arm-plug').map(({ action }) => action);
    expect(arming).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'scheduler:CreateSchedule']));
    expect(arming.filter((action) => action.startsWith('secretsmanager:'))).toEqual([]);
  });

  it('lets only the functions where announced events happen put events, on the app bus only, naming it in EVENT_BUS_NAME', () => {
    const putters = allHandlers.filter((handler) =>
      grantsOf(app, handler).some(({ action }) => action === 'events:PutEvents'),
    );
    // ThreadPublished and ThreadPublishFailed; ScheduleFired (the fire target and Publish now);
    // ThreadCreated; FeedItemDrafted; InsightsReading.
    expect([...putters].sort()).toEqual([
      'http/scheduling/post-publish-now',
      'queue/feed-worker',
      'queue/generation-worker',
      'queue/publishing-worker',
      'schedule/fire-scheduled-item',
      'schedule/take-engagement-reading',
    ]);
    const [grant] = grantsOf(app, 'queue/publishing-worker').filter(({ action }) => action === 'events:PutEvents');
    expect(grant!.resource).toEqual({ 'Fn::GetAtt': [busId(), 'Arn'] });
    expect(environmentOf(app, 'queue/publishing-worker')).toMatchObject({ EVENT_BUS_NAME: { Ref: busId() } });
  });

  it('gives the reading target the table, the token key and the platform apps, and no scheduling rights', () => {
    const grants = grantsOf(app, readingTarget.handler).map(({ action }) => action);

    expect(grants).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'secretsmanager:GetSecretValue']));
    expect(grants.filter((action) => action.startsWith('scheduler:') || action === 'iam:PassRole')).toEqual([]);
    expect(functionProps(app, readingTarget.handler).Timeout).toBe(readingTarget.timeoutSeconds);
    expect(Object.keys(environmentOf(app, readingTarget.handler))).toEqual(
      expect.arrayContaining(['TOKEN_KEY_SECRET_ARN', 'PLATFORM_CLIENTS_SECRET_ARN']),
    );
  });

  it('serves the Performance routes and the X read switch behind the JWT authorizer; X reads are off until a user turns them on', () => {
    for (const routeKey of [
      'GET /api/threads/{threadId}/performance',
      'POST /api/threads/{threadId}/performance/refresh',
      'PUT /api/connections/twitter/engagement-reads',
    ]) {
      const found = Object.values(
        app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }),
      );
      expect(found, routeKey).toHaveLength(1);
      expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    }
    // No setting of the deployment turns reads on: it is each user's choice, stored on their X connection.
    for (const handler of allHandlers) {
      expect(Object.keys(environmentOf(app, handler)).filter((name) => /READS|ENGAGEMENT/.test(name))).toEqual([]);
    }
    expect(engagementReadsAllowed('twitter', {})).toBe(false);
    expect(engagementReadsAllowed('twitter', { engagementReads: true })).toBe(true);
  });

  it('serves GET /api/insights behind the JWT authorizer with table reads only', () => {
    const found = Object.values(
      app.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'GET /api/insights' } }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.Properties.AuthorizationType).toBe('JWT');
    const grants = grantsOf(app, 'http/insights/get-insights').map(({ action }) => action);
    expect(grants).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem']));
    expect(grants.filter((action) => TABLE_WRITES.includes(action))).toEqual([]);
  });
});

const TABLE_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('mail through SES', () => {
  const access = accessByHandler();
  const SENDER = 'notifications@mail.threadsnip.example.com';

  /** The logical id of the one SES identity of a template. */
  const identityIdOf = (template: Template) => {
    const ids = Object.keys(template.findResources('AWS::SES::EmailIdentity'));
    expect(ids).toHaveLength(1);
    return ids[0]!;
  };

  it('verifies the configured domain with Easy DKIM and outputs the three CNAME records to publish', () => {
    const { parent } = synth(FULL_SETTINGS);
    const identityId = identityIdOf(parent);

    expect(resources(parent)[identityId]!.Properties).toMatchObject({ EmailIdentity: 'threadsnip.example.com' });
    const outputs = Object.entries(parent.findOutputs('*')).filter(([id]) => id.startsWith('MailDkimRecord'));
    expect(outputs.map(([id]) => id).sort()).toEqual(['MailDkimRecord1', 'MailDkimRecord2', 'MailDkimRecord3']);
    for (const [id, output] of outputs) {
      const n = id.slice(-1);
      expect(output.Value).toEqual({
        'Fn::Join': [
          '',
          [
            { 'Fn::GetAtt': [identityId, `DkimDNSTokenName${n}`] },
            ' CNAME ',
            { 'Fn::GetAtt': [identityId, `DkimDNSTokenValue${n}`] },
          ],
        ],
      });
    }
  });

  it('verifies the sender address itself when no identity is named, and makes no identity without a sender', () => {
    const { parent } = synth({ mailFrom: 'curator@example.org' });
    expect(resources(parent)[identityIdOf(parent)]!.Properties).toMatchObject({ EmailIdentity: 'curator@example.org' });
    expect(Object.keys(parent.findOutputs('*')).filter((id) => id.startsWith('MailDkim'))).toEqual([]);

    synth().app.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });

  it('lets only the functions that declare mail send, on the identity only, naming the sender in MAIL_FROM', () => {
    const { app } = synth(FULL_SETTINGS);
    const identityId = identityIdOf(app);
    const senders = allHandlers.filter((handler) => access.get(handler)?.mail);

    for (const handler of allHandlers) {
      const grants = grantsOf(app, handler).filter(({ action }) => action.startsWith('ses:'));
      const variables = environmentOf(app, handler);
      if (!senders.includes(handler)) {
        expect(grants, handler).toEqual([]);
        expect(variables, handler).not.toHaveProperty('MAIL_FROM');
        continue;
      }
      expect(grants, handler).toEqual([{ action: 'ses:SendEmail', resource: expect.anything() }]);
      expect(JSON.stringify(grants[0]!.resource), handler).toContain(`{"Ref":"${identityId}"}`);
      expect(variables.MAIL_FROM, handler).toBe(SENDER);
    }
  });

  it('grants a function that declares mail ses:SendEmail on the identity, from the sender address only, with nothing for cdk-nag to flag', () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'threadsnip-cdk-out-')), context: cdkContext });
    assemblyDirs.push(app.outdir);
    const stack = new Stack(app, 'Mail', { env: { account: '123456789012', region: 'us-east-1' } });
    const { mail } = parseStageConfig({
      stage: 'test',
      account: '123456789012',
      region: 'us-east-1',
      webDistPath: webDist,
      mailFrom: SENDER,
      mailIdentity: 'threadsnip.example.com',
    });
    const sender = new MailSender(stack, { mail: mail!, removalPolicy: RemovalPolicy.RETAIN });
    const fn = new LambdaFunction(stack, 'Sender', {
      // A role of its own, without the managed execution policy cdk-nag would flag: every finding would be the grant's.
      role: new Role(stack, 'SenderRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }),
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {};'),
    });
    sender.allowSending(fn);
    Aspects.of(app).add(new AwsSolutionsChecks());

    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { MAIL_FROM: SENDER } } });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: 'ses:SendEmail',
            Effect: 'Allow',
            Resource: stack.resolve(sender.identity.emailIdentityArn),
            Condition: { StringEquals: { 'ses:FromAddress': SENDER } },
          },
        ],
      },
    });
    template.hasResource('AWS::SES::EmailIdentity', { DeletionPolicy: 'Retain' });
    const nagMessage = Match.stringLikeRegexp('AwsSolutions-');
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', nagMessage)).toEqual([]);
    expect(annotations.findWarning('*', nagMessage)).toEqual([]);
  });

  it('refuses a mail identity without a sender, or one that does not cover the sender, and keeps an address identity as written', () => {
    const base = { stage: 'test', account: '123456789012', region: 'us-east-1', webDistPath: 'web/dist' };

    expect(() => parseStageConfig({ ...base, mailIdentity: 'threadsnip.example.com' })).toThrow(
      'mailIdentity: mailIdentity needs mailFrom, the address mail is sent from',
    );
    expect(() =>
      parseStageConfig({ ...base, mailFrom: 'news@elsewhere.example', mailIdentity: 'threadsnip.example.com' }),
    ).toThrow('mailFrom: mailFrom must be the mailIdentity address or an address at its domain');
    expect(() =>
      parseStageConfig({
        ...base,
        mailFrom: 'news@threadsnip.example.com',
        mailIdentity: 'desk@threadsnip.example.com',
      }),
    ).toThrow('mailFrom must be the mailIdentity address');
    expect(() => parseStageConfig({ ...base, mailFrom: 'news@example.com', mailIdentity: 'localhost' })).toThrow(
      'mailIdentity',
    );
    expect(
      parseStageConfig({
        ...base,
        mailFrom: 'News@Mail.ThreadSnip.example.com',
        mailIdentity: 'ThreadSnip.example.com',
      }).mail,
    ).toEqual({ from: 'News@Mail.ThreadSnip.example.com', identity: 'threadsnip.example.com' });
    // SES compares an address identity's local part with its case.
    expect(parseStageConfig({ ...base, mailFrom: 'Desk@Example.org' }).mail).toEqual({
      from: 'Desk@Example.org',
      identity: 'Desk@Example.org',
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  // The dev stage, every optional setting (secrets, alarms, a public URL, Google sign-in), production.
  const NAG_SETTINGS: Partial<StageConfigInput>[] = [
    {},
    { ...FULL_SETTINGS, googleSignIn: { clientId: 'google-client', domainPrefix: 'threadsnip-test' } },
    { stage: 'prod' },
  ];
  let nagged: ReturnType<typeof synth>[];
  beforeAll(() => {
    nagged = NAG_SETTINGS.map((settings) => synth(settings, repoRoot, { nag: true }));
  }, 60_000);

  /** Every `cdk_nag` suppression written into a template's resources: rule id → reasons. */
  function suppressionsIn(template: Template): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const resource of Object.values(template.toJSON().Resources as Record<string, Record<string, unknown>>)) {
      const rules =
        (resource.Metadata as { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } | undefined)
          ?.cdk_nag?.rules_to_suppress ?? [];
      for (const { id, reason } of rules) found.set(id, [...(found.get(id) ?? []), reason]);
    }
    return found;
  }

  it('leaves no unsuppressed error or warning, in dev, with every option on, and in production', () => {
    for (const { stacks } of nagged) {
      for (const stack of [stacks.data, stacks.app]) {
        // Annotations.fromStack also throws, listing them, when the pack reported an error.
        const annotations = Annotations.fromStack(stack);
        const nagMessage = Match.stringLikeRegexp('AwsSolutions-');
        expect(annotations.findError('*', nagMessage), stack.stackName).toEqual([]);
        expect(annotations.findWarning('*', nagMessage), stack.stackName).toEqual([]);
      }
    }
    // Annotations.fromStack synthesizes the whole app again each time: six synths.
  }, 60_000);

  it('fails the synth on a resource the pack flags and nothing suppressed', () => {
    // cdk.json's flags, as infra/app.ts gets them: annotationsInValidationReport turns errors into a failed synth.
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'threadsnip-cdk-out-')), context: cdkContext });
    assemblyDirs.push(app.outdir);
    const stack = new Stack(app, 'Flagged');
    new Queue(stack, 'BareQueue');
    Aspects.of(app).add(new AwsSolutionsChecks());

    // A queue without a dead-letter queue and accepting plain HTTP.
    expect(() => Annotations.fromStack(stack)).toThrow(/AwsSolutions-SQS3[\s\S]*AwsSolutions-SQS4/);
  });

  it('suppresses exactly the rules docs/deploy.md lists, each with a reason', () => {
    const doc = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8');
    const start = doc.indexOf('## cdk-nag (AwsSolutions)');
    expect(start).toBeGreaterThan(-1);
    const next = doc.indexOf('\n## ', start + 1);
    const section = doc.slice(start, next === -1 ? undefined : next);
    const listed = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `AwsSolutions-'))
        .flatMap((line) => line.split('|')[1]!.match(/AwsSolutions-[A-Z]+\d+/g) ?? []),
    );
    const suppressed = new Map<string, string[]>();
    for (const { data, app } of nagged) {
      for (const [id, reasons] of [...suppressionsIn(data), ...suppressionsIn(app)]) {
        suppressed.set(id, [...(suppressed.get(id) ?? []), ...reasons]);
      }
    }

    expect([...suppressed.keys()].sort()).toEqual([...listed].sort());
    for (const reasons of suppressed.values()) for (const reason of reasons) expect(reason.length).toBeGreaterThan(20);
  });

  it('grants the functions a wildcard resource only for X-Ray, the one use their shared suppression allows', () => {
    for (const { app } of nagged) {
      const wildcardActions = allHandlers.flatMap((handler) =>
        grantsOf(app, handler)
          .filter(({ resource }) => [resource].flat().includes('*'))
          .map(({ action }) => action),
      );

      expect(new Set(wildcardActions)).toEqual(new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
    }
  });
});

/**
 * Every Lambda of the App stack itself as first deployed (the CDK's own custom resource handlers
 * included): these never move to a nested stack, which would replace them.
 */
const FUNCTION_IDS = [
  'AuthPostConfirmationFunction2A4A4923',
  'CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C512MiB6723FB92',
  'HttpAdminDeleteAdminThreadFunctionB1A694FF',
  'HttpAdminGetAdminAccessFunction6F3660A6',
  'HttpAdminGetAdminOrdersFunction8E51A4DF',
  'HttpAdminGetAdminSecurityEventsFunction3B72A004',
  'HttpAdminGetAdminSettingsFunctionD87987AA',
  'HttpAdminGetAdminStatisticsFunction10A00B26',
  'HttpAdminGetAdminThreadFunctionC9162B20',
  'HttpAdminGetAdminThreadsFunctionE1221546',
  'HttpAdminGetAdminTransactionsFunction2DC1DCC5',
  'HttpAdminGetAdminUsersFunction8B76E1F0',
  'HttpAdminPostAdminActionFunctionF12FE076',
  'HttpAdminPutPlatformSettingFunctionDC41F78C',
  'HttpAdminPutUserRoleFunction945A698A',
  'HttpConnectionsDeleteConnectionFunction1D61DC1E',
  'HttpConnectionsGetConnectionsFunctionC1A2BF5D',
  'HttpConnectionsGetOauthCallbackFunctionC3DBF70F',
  'HttpConnectionsPostBlueskyConnectionFunction87405CC8',
  'HttpConnectionsPostOauthAuthorizationFunctionF3AF4883',
  'HttpConnectionsPostTelegramConnectionFunctionAA8DE8CB',
  'HttpConnectionsPutConnectionTargetFunction03DA0E4C',
  'HttpDeleteMeFunction1B70A090',
  'HttpDeleteThreadFunction2BE29E6C',
  'HttpGetCreditTransactionsFunctionF0B26E2B',
  'HttpGetGenerationJobFunction494033F4',
  'HttpGetHealthFunction1034965B',
  'HttpGetIsAdminFunctionFFE9792E',
  'HttpGetMeFunction413C8AE5',
  'HttpGetNewestThreadFunction7CF784CD',
  'HttpGetThreadFunction56FD20E2',
  'HttpGetThreadsFunctionA4EADE45',
  'HttpNotFoundFunction282CC127',
  'HttpPaymentsGetCreditPackagesFunction106E038B',
  'HttpPaymentsPostCreditCheckoutFunction89629618',
  'HttpPaymentsPostVerifyCreditPaymentFunctionDC6E5410',
  'HttpPostCheckContentSensitivityFunction4D196A42',
  'HttpPostExtractArticleFunction5B527371',
  'HttpPostGenerationJobFunction77E7D203',
  'HttpPublishingGetPublishStatusFunctionAF190A08',
  'HttpPublishingPostPublishFunctionAAF9681B',
  'HttpPutThreadFunction6336BAB2',
  'HttpSchedulingDeleteScheduledItemFunctionEF197EB3',
  'HttpSchedulingGetPostingQueueFunctionFBA3E1E5',
  'HttpSchedulingGetScheduledFunction78048EF9',
  'HttpSchedulingGetThreadScheduleFunctionF36DE784',
  'HttpSchedulingPostPublishNowFunctionAB610B62',
  'HttpSchedulingPostScheduleFunctionBEF58C4B',
  'HttpSchedulingPutPostingQueueFunctionE079122A',
  'HttpSchedulingPutScheduledItemFunctionFA4B64BD',
  'QueueGenerationWorkerFunction3A52FA4F',
  'QueuePublishingWorkerFunctionBD78A963',
  'ScheduleFireScheduledItemFunctionAC568688',
  'ScheduleRefreshFreeCreditsFunctionE8977DFA',
  'WebhooksStripeFunction23279347',
];
const AUTO_DELETE_FUNCTION_ID = 'CustomS3AutoDeleteObjectsCustomResourceProviderHandler9D90184F';
/** Their log groups, retained in production: a replaced function would leave its old one orphaned. */
const LOG_GROUP_IDS = [
  'ApiAccessLogsE9DF007D',
  'AuthPostConfirmationFunctionLogsD80F3BCF',
  'HttpAdminDeleteAdminThreadFunctionLogs235C944E',
  'HttpAdminGetAdminAccessFunctionLogs50AF9AA1',
  'HttpAdminGetAdminOrdersFunctionLogsC50F3120',
  'HttpAdminGetAdminSecurityEventsFunctionLogsE9F8C2C8',
  'HttpAdminGetAdminSettingsFunctionLogs815F78DF',
  'HttpAdminGetAdminStatisticsFunctionLogsFF83CDC3',
  'HttpAdminGetAdminThreadFunctionLogs95915EC1',
  'HttpAdminGetAdminThreadsFunctionLogsC2B01B82',
  'HttpAdminGetAdminTransactionsFunctionLogs2B79187D',
  'HttpAdminGetAdminUsersFunctionLogs4ACE8CBD',
  'HttpAdminPostAdminActionFunctionLogsA215467F',
  'HttpAdminPutPlatformSettingFunctionLogsCA6576A9',
  'HttpAdminPutUserRoleFunctionLogs2B586BF2',
  'HttpConnectionsDeleteConnectionFunctionLogsE1B888CB',
  'HttpConnectionsGetConnectionsFunctionLogs70D41609',
  'HttpConnectionsGetOauthCallbackFunctionLogsF24887DA',
  'HttpConnectionsPostBlueskyConnectionFunctionLogs2639715C',
  'HttpConnectionsPostOauthAuthorizationFunctionLogs0F52AD70',
  'HttpConnectionsPostTelegramConnectionFunctionLogsF28ABDF3',
  'HttpConnectionsPutConnectionTargetFunctionLogs9145036E',
  'HttpDeleteMeFunctionLogs9D756FAC',
  'HttpDeleteThreadFunctionLogs1A9BCCCF',
  'HttpGetCreditTransactionsFunctionLogs76F3F6B7',
  'HttpGetGenerationJobFunctionLogs77B23B15',
  'HttpGetHealthFunctionLogs28118577',
  'HttpGetIsAdminFunctionLogs4D11DAB0',
  'HttpGetMeFunctionLogs4B229C8C',
  'HttpGetNewestThreadFunctionLogs5CB336C3',
  'HttpGetThreadFunctionLogsCD240BBA',
  'HttpGetThreadsFunctionLogs0081AB91',
  'HttpNotFoundFunctionLogs33C3E473',
  'HttpPaymentsGetCreditPackagesFunctionLogs2E0CE64A',
  'HttpPaymentsPostCreditCheckoutFunctionLogs6FD6624E',
  'HttpPaymentsPostVerifyCreditPaymentFunctionLogsB2CCB540',
  'HttpPostCheckContentSensitivityFunctionLogsE1D14FB6',
  'HttpPostExtractArticleFunctionLogsAD7FEFB3',
  'HttpPostGenerationJobFunctionLogs8C0A5153',
  'HttpPublishingGetPublishStatusFunctionLogs989C295E',
  'HttpPublishingPostPublishFunctionLogsC03B0CEC',
  'HttpPutThreadFunctionLogsE19763C7',
  'HttpSchedulingDeleteScheduledItemFunctionLogs6096B97D',
  'HttpSchedulingGetPostingQueueFunctionLogs158BAF85',
  'HttpSchedulingGetScheduledFunctionLogs2EE50E96',
  'HttpSchedulingGetThreadScheduleFunctionLogsDFBDE1E6',
  'HttpSchedulingPostPublishNowFunctionLogs1DF658C8',
  'HttpSchedulingPostScheduleFunctionLogs42E191B8',
  'HttpSchedulingPutPostingQueueFunctionLogs8D1F619E',
  'HttpSchedulingPutScheduledItemFunctionLogs6F9F7E4E',
  'QueueGenerationWorkerFunctionLogs20FC0477',
  'QueuePublishingWorkerFunctionLogsAED416F4',
  'ScheduleFireScheduledItemFunctionLogsBF2C5E00',
  'ScheduleRefreshFreeCreditsFunctionLogsD1566593',
  'WebDeploymentLogs48919846',
  'WebhooksStripeFunctionLogs850BD737',
];

/**
 * The functions and log groups of each deployment group's nested stack (functions/manifest.ts,
 * DeploymentGroup), by the nested stack's construct id. Moving one between stacks replaces it.
 */
/** The media bucket as first deployed (a new logical id would be a new, empty bucket). */
const MEDIA_BUCKET_ID = 'MediaBucketBCBB02BA';

const NESTED_STACK_IDS: Record<string, { functions: string[]; logGroups: string[] }> = {
  WorkspacesFunctions: {
    functions: [
      'HttpAdminGetAdminWorkspacesFunctionDE624B8A',
      'HttpNotificationsGetNotificationsFunction2C653566',
      'HttpNotificationsPostNotificationsReadFunction26779FA7',
      'HttpPublicGetClientReviewFunctionA810A6EE',
      'HttpPublicPostClientDecisionFunctionF6C357A8',
      'HttpWorkspacesAcceptInvitationFunction11C9B121',
      'HttpWorkspacesAddCommentFunction0C2888B8',
      'HttpWorkspacesApproveThreadFunctionD97D09AE',
      'HttpWorkspacesChangeMemberRoleFunction0CD175FC',
      'HttpWorkspacesCreateReviewLinkFunctionD41C7AE7',
      'HttpWorkspacesCreateWorkspaceFunction6A46D70A',
      'HttpWorkspacesGetActivityFunction075CD36F',
      'HttpWorkspacesGetMembersFunctionD314A01B',
      'HttpWorkspacesGetReviewFunctionE9C942A4',
      'HttpWorkspacesGetSettingsFunction0D33A60C',
      'HttpWorkspacesInviteMemberFunctionD5C08B81',
      'HttpWorkspacesListReviewLinksFunction0625969C',
      'HttpWorkspacesListWorkspacesFunction3DC50D98',
      'HttpWorkspacesPutSettingsFunction33AE74EA',
      'HttpWorkspacesRemoveMemberFunction82DA813F',
      'HttpWorkspacesRequestChangesFunction871B6D7A',
      'HttpWorkspacesRevokeInvitationFunction65EA18A2',
      'HttpWorkspacesRevokeReviewLinkFunction91AB429B',
      'HttpWorkspacesSendForReviewFunction88F3660C',
      'HttpWorkspacesTransferOwnershipFunctionA81FD8AF',
    ],
    logGroups: [
      'HttpAdminGetAdminWorkspacesFunctionLogs2E958D48',
      'HttpNotificationsGetNotificationsFunctionLogs67A96B96',
      'HttpNotificationsPostNotificationsReadFunctionLogs6CA6BB61',
      'HttpPublicGetClientReviewFunctionLogs3FB27B36',
      'HttpPublicPostClientDecisionFunctionLogs449B4699',
      'HttpWorkspacesAcceptInvitationFunctionLogsDF00DE0F',
      'HttpWorkspacesAddCommentFunctionLogs54B8F3C5',
      'HttpWorkspacesApproveThreadFunctionLogs4FFFFD34',
      'HttpWorkspacesChangeMemberRoleFunctionLogs9A7D1F05',
      'HttpWorkspacesCreateReviewLinkFunctionLogs37FB798C',
      'HttpWorkspacesCreateWorkspaceFunctionLogs363767D8',
      'HttpWorkspacesGetActivityFunctionLogsC9D3B521',
      'HttpWorkspacesGetMembersFunctionLogs9C670B6C',
      'HttpWorkspacesGetReviewFunctionLogs48F020FA',
      'HttpWorkspacesGetSettingsFunctionLogs78BDE5BA',
      'HttpWorkspacesInviteMemberFunctionLogs43754CA1',
      'HttpWorkspacesListReviewLinksFunctionLogs60ADC857',
      'HttpWorkspacesListWorkspacesFunctionLogsAC0BC869',
      'HttpWorkspacesPutSettingsFunctionLogs4D3D80B6',
      'HttpWorkspacesRemoveMemberFunctionLogs61751D89',
      'HttpWorkspacesRequestChangesFunctionLogsDAA46604',
      'HttpWorkspacesRevokeInvitationFunctionLogsF10145EE',
      'HttpWorkspacesRevokeReviewLinkFunctionLogs7C40FE00',
      'HttpWorkspacesSendForReviewFunctionLogsA2C63838',
      'HttpWorkspacesTransferOwnershipFunctionLogsD9C6B24A',
    ],
  },
  MediaFunctions: {
    functions: [
      'HttpMediaDeleteMediaFunction10AC67D2',
      'HttpMediaGetMediaFunctionAED4FEE7',
      'HttpMediaPostArticlePictureFunction4F0A9859',
      'HttpMediaPostQuoteCardFunction0B749F70',
      'HttpMediaPostUploadCompleteFunction903C1D36',
      'HttpMediaPostUploadFunctionD613CAEB',
    ],
    logGroups: [
      'HttpMediaDeleteMediaFunctionLogs33FDC208',
      'HttpMediaGetMediaFunctionLogsBB1AF2F2',
      'HttpMediaPostArticlePictureFunctionLogsF99FC587',
      'HttpMediaPostQuoteCardFunctionLogs9728586C',
      'HttpMediaPostUploadCompleteFunctionLogsD5B06D64',
      'HttpMediaPostUploadFunctionLogs82736B15',
    ],
  },
  FeedsFunctions: {
    functions: [
      'HttpFeedsDeleteFeedFunction8788EEC9',
      'HttpFeedsGetFeedsFunction83142AC4',
      'HttpFeedsGetInboxFunction4CB84FA5',
      'HttpFeedsPostFeedCheckFunction8383240F',
      'HttpFeedsPostFeedFunctionA8565FB0',
      'HttpFeedsPostInboxDismissFunction0FF5854C',
      'HttpFeedsPutFeedFunctionCD5C5660',
      'HttpFeedsPutFeedSettingsFunction94CE193E',
      'QueueFeedWorkerFunctionF82507A8',
      'ScheduleFanOutFeedPollsFunctionE17C8E8B',
    ],
    logGroups: [
      'HttpFeedsDeleteFeedFunctionLogs8209BF19',
      'HttpFeedsGetFeedsFunctionLogsCDB467F0',
      'HttpFeedsGetInboxFunctionLogs5F3B4A0D',
      'HttpFeedsPostFeedCheckFunctionLogsC323EDA8',
      'HttpFeedsPostFeedFunctionLogsC3DC4C39',
      'HttpFeedsPostInboxDismissFunctionLogsE83B0786',
      'HttpFeedsPutFeedFunctionLogsB0DF3092',
      'HttpFeedsPutFeedSettingsFunctionLogsEE220284',
      'QueueFeedWorkerFunctionLogs1038D224',
      'ScheduleFanOutFeedPollsFunctionLogs733E6407',
    ],
  },
  InsightsFunctions: {
    functions: [
      'EventArmPlugFunction5F3F016F',
      'EventPlanEngagementReadingsFunction33FFD0FE',
      'HttpAccountPutPlugDefaultFunctionF10823C0',
      'HttpConnectionsPutEngagementReadsFunctionFFA688D5',
      'HttpInsightsGetInsightsFunction30CAD17E',
      'HttpInsightsGetThreadPerformanceFunction6BB1AA13',
      'HttpInsightsPostPerformanceRefreshFunction12C05E4B',
      'ScheduleCheckPlugFunction999D0511',
      'ScheduleTakeEngagementReadingFunctionA9D2D74C',
    ],
    logGroups: [
      'EventArmPlugFunctionLogs70970134',
      'EventPlanEngagementReadingsFunctionLogsE2259471',
      'HttpAccountPutPlugDefaultFunctionLogs52BEBDD6',
      'HttpConnectionsPutEngagementReadsFunctionLogs5CE09098',
      'HttpInsightsGetInsightsFunctionLogsF7DE3B31',
      'HttpInsightsGetThreadPerformanceFunctionLogs8D492FD5',
      'HttpInsightsPostPerformanceRefreshFunctionLogs2FD22BD2',
      'ScheduleCheckPlugFunctionLogs08919864',
      'ScheduleTakeEngagementReadingFunctionLogs12EDA0E0',
    ],
  },
  PublicPagesFunctions: {
    functions: [
      'HttpAccountPutDisplayNameFunction378C7FAC',
      'HttpPublicGetAboutArticleFunction2A837B85',
      'HttpPublicGetPublicThreadFunction74563E08',
      'HttpPublicGetThreadWebmentionFunction2F909BCB',
      'HttpPublicPutThreadVisibilityFunction8F7A2F16',
      'QueueWebmentionWorkerFunction8E5BF4F3',
    ],
    logGroups: [
      'HttpAccountPutDisplayNameFunctionLogs20D59D1E',
      'HttpPublicGetAboutArticleFunctionLogsA399D515',
      'HttpPublicGetPublicThreadFunctionLogsC0B9B7C8',
      'HttpPublicGetThreadWebmentionFunctionLogs17691DEE',
      'HttpPublicPutThreadVisibilityFunctionLogsCD705F4C',
      'QueueWebmentionWorkerFunctionLogs89D202B3',
    ],
  },
  PublicApiFunctions: {
    functions: [
      'AuthApiKeyAuthorizerFunctionD19650F8',
      'HttpApiKeysDeleteApiKeyFunction0B1AB1A3',
      'HttpApiKeysGetApiKeysFunction346D3216',
      'HttpApiKeysPostApiKeyFunction051694E8',
      'HttpMcpMcpFunction3492B6F5',
      'HttpV1DeleteThreadFunction85E1936F',
      'HttpV1DeleteWebhookFunctionBA194E1A',
      'HttpV1GetConnectionsFunction063554EF',
      'HttpV1GetFeedsFunction19DC369A',
      'HttpV1GetInboxFunction89E8CC59',
      'HttpV1GetInsightsFunctionD45BA4D1',
      'HttpV1GetJobFunctionD8E5B0CE',
      'HttpV1GetOpenapiFunction9C722060',
      'HttpV1GetPublishingFunction39039657',
      'HttpV1GetScheduledFunction2316CC30',
      'HttpV1GetThreadFunction0F35F30E',
      'HttpV1GetThreadPerformanceFunction4961258C',
      'HttpV1GetThreadsFunction32722DC9',
      'HttpV1GetWebhookDeliveriesFunctionBBAB6FA6',
      'HttpV1GetWebhooksFunctionEDCA239D',
      'HttpV1PatchThreadFunction2DC6BEB4',
      'HttpV1PatchWebhookFunction23D7AAEA',
      'HttpV1PostPublishFunction91915CEA',
      'HttpV1PostScheduleFunction97E31CD1',
      'HttpV1PostThreadsFunction28620E8C',
      'HttpV1PostWebhookFunctionF69407F1',
      'HttpV1PostWebhookRotateFunction52B93235',
      'HttpV1PostWebhookTestFunctionA4994C32',
    ],
    logGroups: [
      'AuthApiKeyAuthorizerFunctionLogs2ED0E36E',
      'HttpApiKeysDeleteApiKeyFunctionLogsA2F2091C',
      'HttpApiKeysGetApiKeysFunctionLogsF9A6490C',
      'HttpApiKeysPostApiKeyFunctionLogsABA83EB4',
      'HttpMcpMcpFunctionLogs74735EB9',
      'HttpV1DeleteThreadFunctionLogs2AA17270',
      'HttpV1DeleteWebhookFunctionLogsBAFBA62D',
      'HttpV1GetConnectionsFunctionLogs97DD8E8A',
      'HttpV1GetFeedsFunctionLogs2B3E1F1E',
      'HttpV1GetInboxFunctionLogs8D8A7091',
      'HttpV1GetInsightsFunctionLogsEC92840E',
      'HttpV1GetJobFunctionLogs9D623869',
      'HttpV1GetOpenapiFunctionLogs4C3B522B',
      'HttpV1GetPublishingFunctionLogsA7EB3DCF',
      'HttpV1GetScheduledFunctionLogs0CEFE910',
      'HttpV1GetThreadFunctionLogs4FCDF1D7',
      'HttpV1GetThreadPerformanceFunctionLogs5FD7CE04',
      'HttpV1GetThreadsFunctionLogsE5472FC1',
      'HttpV1GetWebhookDeliveriesFunctionLogs71CAD050',
      'HttpV1GetWebhooksFunctionLogs3C864F41',
      'HttpV1PatchThreadFunctionLogs2AA6D21A',
      'HttpV1PatchWebhookFunctionLogsA842AC62',
      'HttpV1PostPublishFunctionLogs6E2A67F5',
      'HttpV1PostScheduleFunctionLogsBD8E1EC5',
      'HttpV1PostThreadsFunctionLogs13B8E941',
      'HttpV1PostWebhookFunctionLogs01497835',
      'HttpV1PostWebhookRotateFunctionLogsA566924E',
      'HttpV1PostWebhookTestFunctionLogs2C2F7448',
    ],
  },
  ConnectionsFunctions: {
    functions: [
      'HttpConnectionsDeleteConnectionAccountFunction0DA55DB7',
      'HttpConnectionsPatchConnectionAccountFunction7633EE85',
      'HttpConnectionsPutLinkedinIdentityFunctionD7BFE69A',
      'HttpPublishingGetAuthorPostsFunction7B858283',
      'ScheduleRefreshPlatformTokensFunction85EC8B63',
    ],
    logGroups: [
      'HttpConnectionsDeleteConnectionAccountFunctionLogsED42AA47',
      'HttpConnectionsPatchConnectionAccountFunctionLogs6519DEBE',
      'HttpConnectionsPutLinkedinIdentityFunctionLogsE3F3CB63',
      'HttpPublishingGetAuthorPostsFunctionLogs099E9FD3',
      'ScheduleRefreshPlatformTokensFunctionLogs13040EBE',
    ],
  },
  WebhooksFunctions: {
    functions: [
      'HttpWebhooksDeleteWebhookFunction0F97E30B',
      'HttpWebhooksGetWebhookDeliveriesFunctionCD74CB22',
      'HttpWebhooksGetWebhooksFunctionFA65FBD0',
      'HttpWebhooksPatchWebhookFunction7CEAED74',
      'HttpWebhooksPostWebhookFunction36F9A15B',
      'HttpWebhooksPostWebhookRotateFunctionB693D357',
      'HttpWebhooksPostWebhookTestFunctionF18EFF83',
      'QueueWebhookWorkerFunction51D029F0',
    ],
    logGroups: [
      'HttpWebhooksDeleteWebhookFunctionLogs70E06845',
      'HttpWebhooksGetWebhookDeliveriesFunctionLogs829E5AEA',
      'HttpWebhooksGetWebhooksFunctionLogsA4D8A9B3',
      'HttpWebhooksPatchWebhookFunctionLogsC344A2AD',
      'HttpWebhooksPostWebhookFunctionLogs3D0371E6',
      'HttpWebhooksPostWebhookRotateFunctionLogs5C1395B6',
      'HttpWebhooksPostWebhookTestFunctionLogs6FD133D3',
      'QueueWebhookWorkerFunctionLogs381583EA',
    ],
  },
};

describe('stateful resources keep the logical ids they were first deployed with', () => {
  // A changed logical id makes CloudFormation replace the resource: a new user pool (every account
  // gone), emptied queues, a new bucket, a new token key (every stored platform token unreadable),
  // a new table. Refactoring infra/ must leave these exactly as they are.
  const idsOf = (template: Template, type: string) => Object.keys(template.findResources(type)).sort();

  it('pins the user pool, the queues and their DLQs, the site and access log buckets, the secrets and the table', () => {
    for (const settings of [{}, FULL_SETTINGS, { stage: 'prod' }]) {
      const { app, data } = synth(settings);
      expect(idsOf(app, 'AWS::Cognito::UserPool')).toEqual(['UserPool6BA7E5F2']);
      expect(idsOf(app, 'AWS::Cognito::UserPoolClient')).toEqual(['UserPoolWebClient4C9370B0']);
      expect(idsOf(app, 'AWS::SQS::Queue')).toEqual([
        'ArmPlugRuleDeadLetterQueueF616D167',
        'FeedsQueueBC906248',
        'FeedsQueueDeadLetterQueue84AE9E95',
        'GenerationQueueA97E5A95',
        'GenerationQueueDeadLetterQueueC426E3A9',
        'PlanEngagementReadingsRuleDeadLetterQueue7666EE1B',
        'PublishingQueue126315E0',
        'PublishingQueueDeadLetterQueueF7CF9AB6',
        'WebhooksQueueCF53065E',
        'WebhooksQueueDeadLetterQueue6A84DFEF',
        'WebmentionQueueC635D938',
        'WebmentionQueueDeadLetterQueue412C3B98',
      ]);
      expect(idsOf(app, 'AWS::S3::Bucket')).toEqual(['AccessLogsBucket83982689', 'SiteBucket397A1860']);
      expect(idsOf(app, 'AWS::SecretsManager::Secret')).toEqual([
        'PlatformClientsSecretCE67E154',
        'PlatformTokenKeyB25AB140',
        'StripeSecret80A38A68',
      ]);
      expect(idsOf(data, 'AWS::DynamoDB::Table')).toEqual(['TableCD117FA1']);
      expect(idsOf(data, 'AWS::S3::Bucket')).toEqual([MEDIA_BUCKET_ID]);
    }
  });

  it('pins every Lambda function and log group, so moving a handler module never replaces its function', () => {
    for (const settings of [{}, FULL_SETTINGS, { stage: 'prod' }]) {
      const { parent, nested } = synth(settings);
      // Buckets are emptied on removal only outside production, by the CDK's auto-delete handler.
      const autoDelete = 'stage' in settings ? [] : [AUTO_DELETE_FUNCTION_ID];

      expect(idsOf(parent, 'AWS::Lambda::Function')).toEqual([...FUNCTION_IDS, ...autoDelete].sort());
      expect(idsOf(parent, 'AWS::Logs::LogGroup')).toEqual(LOG_GROUP_IDS);
      expect([...nested.keys()].sort()).toEqual(Object.keys(NESTED_STACK_IDS).sort());
      for (const [stackId, pinned] of Object.entries(NESTED_STACK_IDS)) {
        expect(idsOf(nested.get(stackId)!, 'AWS::Lambda::Function'), stackId).toEqual(pinned.functions);
        expect(idsOf(nested.get(stackId)!, 'AWS::Logs::LogGroup'), stackId).toEqual(pinned.logGroups);
      }
    }
  });

  it('builds every /v1 route, its integration and its invoke permission in the PublicApiFunctions stack, behind the API key authorizer but the public document', () => {
    const { parent, nested } = synth();
    const publicApi = nested.get('PublicApiFunctions')!;
    const routeKeys = (template: Template) =>
      Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
        .map((route) => route.Properties as { RouteKey: string; AuthorizationType?: string })
        .filter((route) => route.RouteKey.includes(' /v1/'));

    expect(routeKeys(parent)).toEqual([]);
    expect(
      routeKeys(publicApi)
        .map((route) => `${route.RouteKey} ${route.AuthorizationType ?? 'NONE'}`)
        .sort(),
    ).toEqual([
      'DELETE /v1/threads/{threadId} CUSTOM',
      'DELETE /v1/webhooks/{endpointId} CUSTOM',
      'GET /v1/connections CUSTOM',
      'GET /v1/feeds CUSTOM',
      'GET /v1/inbox CUSTOM',
      'GET /v1/insights CUSTOM',
      'GET /v1/jobs/{jobId} CUSTOM',
      'GET /v1/openapi.json NONE',
      'GET /v1/scheduled CUSTOM',
      'GET /v1/threads CUSTOM',
      'GET /v1/threads/{threadId} CUSTOM',
      'GET /v1/threads/{threadId}/performance CUSTOM',
      'GET /v1/threads/{threadId}/publishing CUSTOM',
      'GET /v1/webhooks CUSTOM',
      'GET /v1/webhooks/{endpointId}/deliveries CUSTOM',
      'PATCH /v1/threads/{threadId} CUSTOM',
      'PATCH /v1/webhooks/{endpointId} CUSTOM',
      'POST /v1/threads CUSTOM',
      'POST /v1/threads/{threadId}/publish CUSTOM',
      'POST /v1/threads/{threadId}/schedule CUSTOM',
      'POST /v1/webhooks CUSTOM',
      'POST /v1/webhooks/{endpointId}/rotate CUSTOM',
      'POST /v1/webhooks/{endpointId}/test CUSTOM',
    ]);
    expect(Object.keys(publicApi.findResources('AWS::ApiGatewayV2::Integration')).length).toBeGreaterThanOrEqual(14);
  });

  it('keeps the functions first deployed in the App stack there, and gives every other function a deployment group', () => {
    const groups = deploymentGroupByHandler();
    const { parent } = synth();
    const inParent = Object.values(parent.findResources('AWS::Lambda::Function'))
      .map((fn) => String(fn.Properties?.Description ?? ''))
      .filter((description) => description.startsWith('functions/'));
    // The App stack's own functions are exactly the manifest's entries without a group.
    expect(inParent.sort()).toEqual(
      allHandlers
        .filter((handler) => !groups.has(handler))
        .map((handler) => `functions/${handler}.ts`)
        .sort(),
    );
    expect(inParent).toHaveLength(FUNCTION_IDS.length - 1);
  });

  it('keeps the App stack and each nested stack under 450 resources, so a feature learns early (the limit is 500)', () => {
    const { parent, nested } = synth(FULL_SETTINGS);
    const counts = new Map<string, number>([
      ['App', Object.keys(resources(parent)).length],
      ...[...nested].map(([id, template]) => [id, Object.keys(resources(template)).length] as [string, number]),
    ]);
    console.log(`Resources per stack: ${[...counts].map(([id, count]) => `${id} ${count}`).join(', ')}`);
    for (const [id, count] of counts) expect(count, `${id}: give new functions a deployment group`).toBeLessThan(450);
  });
});

describe('least privilege: each function gets what its manifest entry declares, nothing more', () => {
  let app: Template;
  const access = accessByHandler();
  beforeAll(() => {
    ({ app } = synth());
  });

  it('lets only account deletion call AdminDeleteUser and AdminUserGlobalSignOut (sessions revoked first)', () => {
    for (const action of ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut']) {
      const allowed = allHandlers.filter((handler) => grantsOf(app, handler).some((grant) => grant.action === action));

      expect(allowed, action).toEqual(['http/account/delete-me']);
    }
  });

  it('lets every route acting for an account read the table (its tombstone), even one declaring no table', () => {
    const accountRoutes = routes.filter((route) => ['user', 'admin', 'oauth-callback'].includes(route.auth));
    for (const route of accountRoutes) {
      expect(
        grantsOf(app, route.handler).some(({ action }) => action === 'dynamodb:GetItem'),
        route.handler,
      ).toBe(true);
    }
    expect(
      accountRoutes.find((route) => route.handler === 'http/moderation/post-check-content-sensitivity')?.access.table,
    ).toBe(undefined);
  });

  it('gives table writes only to functions declaring write, and read-only routes no write at all', () => {
    for (const handler of allHandlers) {
      const actions = grantsOf(app, handler).map(({ action }) => action);
      const declared = access.get(handler)?.table;
      expect(
        actions.some((action) => TABLE_WRITES.includes(action)),
        `${handler} writes`,
      ).toBe(declared === 'write');
      expect(
        actions.some((action) => action === 'dynamodb:GetItem'),
        `${handler} reads`,
      ).toBe(declared !== undefined);
    }
    expect(access.get('http/generation/get-generation-job')?.table).toBe('read');
    expect(access.get('http/credits/get-credit-transactions')?.table).toBe('read');
  });

  /** The handlers granted SendMessage on the queue the worker reads. */
  const sendersTo = (workerHandler: string) => {
    const worker = functionId(app, workerHandler);
    const mapping = Object.values(
      app.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: worker } } }),
    )[0]!.Properties!;
    const queueId = (mapping.EventSourceArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    expect(queueId).toBeDefined();
    return allHandlers
      .filter((handler) =>
        grantsOf(app, handler).some(
          ({ action, resource }) => action === 'sqs:SendMessage' && references(resource, new Set()).has(queueId ?? ''),
        ),
      )
      .sort();
  };

  it('lets only the generation routes (the app’s, /v1’s and the MCP server’s) and the feed worker (auto-draft) send to the generation queue', () => {
    expect(sendersTo('queue/generation-worker')).toEqual([
      'http/generation/post-generation-job',
      'http/mcp/mcp',
      'http/v1/post-threads',
      'queue/feed-worker',
    ]);
  });

  it("runs the feed fan-out every 30 minutes, and only it and 'Check now' send to the feeds queue", () => {
    app.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(30 minutes)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(app, 'schedule/fan-out-feed-polls'), 'Arn'] } })],
    });
    expect(sendersTo('queue/feed-worker')).toEqual(['http/feeds/post-feed-check', 'schedule/fan-out-feed-polls']);
    // The fan-out reads the due listing and writes nothing.
    expect(access.get('schedule/fan-out-feed-polls')?.table).toBe('read');
    expect(functionProps(app, 'schedule/fan-out-feed-polls').Timeout).toBe(120);
  });

  it('hands queue URLs only to functions that send to or inspect a queue', () => {
    for (const handler of allHandlers) {
      const needs = access.get(handler) ?? {};
      for (const queue of queues) {
        const expected = Boolean(needs.inspectQueues || needs.sendTo?.includes(queue.name));
        expect(
          Object.hasOwn(environmentOf(app, handler), `${queue.name.toUpperCase()}_QUEUE_URL`),
          `${handler} ${queue.name}`,
        ).toBe(expected);
      }
    }
  });

  it('grants the media bucket exactly as declared, on its own prefixes, and names it only to those functions', () => {
    const mediaActions = (handler: string) =>
      grantsOf(app, handler)
        .filter(({ action, resource }) => action.startsWith('s3:') && JSON.stringify(resource).includes('MediaBucket'))
        .map(({ action }) => action)
        .sort();
    for (const handler of allHandlers) {
      const declared = access.get(handler)?.media;
      const expected =
        declared === 'write'
          ? ['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject', 's3:PutObjectTagging']
          : declared === 'read'
            ? ['s3:GetObject', 's3:ListBucket']
            : [];
      expect(mediaActions(handler), handler).toEqual(expected);
      expect(Object.hasOwn(environmentOf(app, handler), 'MEDIA_BUCKET'), handler).toBe(declared !== undefined);
    }
    expect(access.get('http/media/get-media')?.media).toBe('read');
    const uploadResources = JSON.stringify(
      grantsOf(app, 'http/media/post-upload').find(({ action }) => action === 's3:PutObject')?.resource,
    );
    expect(uploadResources).toContain('/incoming/*');
    expect(uploadResources).toContain('/media/*');
  });

  it('grants Cognito admin actions exactly as declared', () => {
    for (const handler of allHandlers) {
      const actions = grantsOf(app, handler)
        .map(({ action }) => action)
        .filter((action) => action.startsWith('cognito-idp:'))
        .sort();
      const declared = (access.get(handler)?.cognito ?? []).map((action) => `cognito-idp:${action}`).sort();
      expect(actions, handler).toEqual(declared);
    }
  });
});

describe('stage settings', () => {
  it('puts no secret value in any function’s environment: the API keys secret is read at run time', () => {
    for (const settings of [{}, FULL_SETTINGS]) {
      const { app } = synth(settings);
      for (const handler of allHandlers) {
        const variables = environmentOf(app, handler);
        for (const name of ['OPENAI_API_KEY', 'OAUTH_STATE_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
          expect(variables, `${handler} ${name}`).not.toHaveProperty(name);
        }
        // No dynamic reference either: CloudFormation would resolve it into the Lambda's configuration.
        expect(JSON.stringify(variables), handler).not.toContain('resolve:secretsmanager');
      }
    }
  });

  it('lets each function read only the secrets its manifest entry declares, and names the API keys it may read', () => {
    const { app } = synth(FULL_SETTINGS);
    const access = accessByHandler();
    const secretIds = Object.keys(app.findResources('AWS::SecretsManager::Secret'));
    const idOf = (prefix: string) => secretIds.find((id) => id.startsWith(prefix));
    /** The secrets a function may call GetSecretValue on, by name. */
    const readable = (handler: string) => {
      const found = new Set<string>();
      for (const { action, resource } of grantsOf(app, handler)) {
        if (action !== 'secretsmanager:GetSecretValue') continue;
        const ids = references(resource, new Set());
        for (const [name, id] of [
          ['stripe', idOf('StripeSecret')],
          ['tokenKey', idOf('PlatformTokenKey')],
          ['platformClients', idOf('PlatformClientsSecret')],
        ] as const) {
          if (id && ids.has(id)) found.add(name);
        }
        if (JSON.stringify(resource).includes(':secret:threadsnip/test-??????')) found.add('apiKeys');
      }
      return found;
    };

    expect(access.get('queue/generation-worker')?.secrets).toEqual(['OPENAI_API_KEY']);
    for (const handler of allHandlers) {
      const needs = access.get(handler) ?? {};
      const declared = needs.secrets ?? [];
      const expected = new Set<string>([
        ...(declared.length ? ['apiKeys'] : []),
        ...(needs.stripe ? ['stripe'] : []),
        ...(needs.tokenKey ? ['tokenKey'] : []),
        ...(needs.platformClients ? ['platformClients'] : []),
      ]);
      expect(readable(handler), handler).toEqual(expected);
      const variables = environmentOf(app, handler);
      if (declared.length) {
        expect(variables.API_KEYS_SECRET_NAME, handler).toBe('threadsnip/test');
        expect(variables.API_KEYS_SECRET_KEYS, handler).toBe(declared.join(','));
      } else {
        expect(variables, handler).not.toHaveProperty('API_KEYS_SECRET_NAME');
        expect(variables, handler).not.toHaveProperty('API_KEYS_SECRET_KEYS');
      }
    }
    // Without the setting nobody is handed the name, and the functions run the offline generator.
    const plain = synth().app;
    for (const handler of allHandlers) expect(environmentOf(plain, handler)).not.toHaveProperty('API_KEYS_SECRET_NAME');
  });

  it('alarms the configured address when messages reach a dead-letter queue', () => {
    const { app } = synth(FULL_SETTINGS);

    app.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    app.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('alarms on a 5xx rate above 1%, generation p95 above 10 s and throttling, and traces every function', () => {
    const { app } = synth(FULL_SETTINGS);
    const alarms = Object.values(app.findResources('AWS::CloudWatch::Alarm')).map(
      (alarm) => alarm.Properties as Record<string, unknown>,
    );
    const topic = Object.keys(app.findResources('AWS::SNS::Topic'));
    expect(topic).toHaveLength(1);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topic[0] }]);

    const rate = alarms.find((alarm) => String(alarm.AlarmDescription).includes('5xx'));
    expect(rate).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanThreshold' });
    expect(JSON.stringify(rate?.Metrics)).toContain('100 * errors / requests');
    expect(JSON.stringify(rate?.Metrics)).toContain('"MetricName":"5xx"');
    expect(alarms).toContainEqual(
      expect.objectContaining({
        Namespace: 'ThreadSnip',
        MetricName: 'GenerationDuration',
        ExtendedStatistic: 'p95',
        Threshold: 10_000,
        Dimensions: expect.arrayContaining([{ Name: 'stage', Value: 'test' }]),
      }),
    );
    expect(alarms).toContainEqual(
      expect.objectContaining({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Threshold: 0 }),
    );

    const functions = Object.values(app.findResources('AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description ?? '').startsWith('functions/'),
    );
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties?.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties?.Environment?.Variables?.STAGE).toBe('test');
    }
  });

  it('has an operations dashboard for routes, generation, queues, DLQs and throttles, with no alarms unless an address is set', () => {
    const { app } = synth();
    app.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    app.resourceCountIs('AWS::SNS::Topic', 0);
    const [dashboard] = Object.values(app.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties?.DashboardBody);
    for (const title of [
      'API requests and 5xx',
      'Generation outcomes',
      'Requests per route',
      'Errors per route',
      'p95 duration per route (ms)',
      'Publish outcomes per platform',
      'Queue depth and oldest message age (s)',
      'Dead-letter queues',
      'Lambda throttles',
      'Payments fulfilled and credits purchased',
    ]) {
      expect(body).toContain(title);
    }
    for (const route of routes) expect(body).toContain(`${route.method} ${route.path}`);
    // Every metric the functions emit has a place on the dashboard.
    for (const metric of [
      'ThreadsGenerated',
      'GenerationFailed',
      'CreditsCharged',
      'PaymentsFulfilled',
      'CreditsPurchased',
      'PublishAttempted',
      'PublishCompleted',
      'PublishFailed',
      'RateLimited',
      'MessagesDeadLettered',
      'ExtractionDuration',
      'ExtractionBytes',
    ]) {
      expect(body).toContain(metric);
    }
  });

  it('keeps production data and deletes only non-production sites', () => {
    const dev = synth().app;
    const prod = synth({ stage: 'prod' }).app;

    // The site bucket and the access log bucket.
    dev.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    prod.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    prod.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    prod.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    dev.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete' });
  });

  it('rejects invalid settings with every problem named', () => {
    expect(() =>
      parseStageConfig({
        stage: 'Prod!',
        account: '42',
        region: 'us-east-1',
        webDistPath: 'web/dist',
        adminEmails: 'not-an-email',
      }),
    ).toThrow(/stage: .*; account: .*; adminEmails\.0: /);
  });

  it('refuses to synthesize without a built SPA, saying how to build it', () => {
    const emptyDist = mkdtempSync(join(tmpdir(), 'threadsnip-no-dist-'));
    try {
      expect(() => synth({ webDistPath: emptyDist })).toThrow(/No built SPA at .*npm run build:web/);
    } finally {
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });

  it('refuses to synthesize when a manifest handler has no module, naming the missing files', () => {
    const emptyRoot = mkdtempSync(join(tmpdir(), 'threadsnip-no-functions-'));
    try {
      expect(() => synth({}, emptyRoot)).toThrow(
        /functions\/http\/system\/get-health\.ts.*functions\/auth\/post-confirmation\.ts/,
      );
    } finally {
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });
});

describe('webhooks: the bus rule, the queue and its DLQ, the worker and the DLQ alarm in the WebhooksFunctions stack', () => {
  const webhooks = queues.find((queue) => queue.name === 'webhooks')!;

  it('sends every webhook event from the app bus to the webhooks queue, with retries and its DLQ for events not taken', () => {
    const { nested, parent } = synth();
    const stack = nested.get('WebhooksFunctions')!;
    const queueIds = Object.keys(stack.findResources('AWS::SQS::Queue')).sort();
    const [queueId, dlqId] = [
      queueIds.find((id) => !id.includes('DeadLetter'))!,
      queueIds.find((id) => id.includes('DeadLetter'))!,
    ];
    const rules = Object.values(stack.findResources('AWS::Events::Rule'));

    expect(queueIds).toHaveLength(2);
    expect(Object.keys(parent.findResources('AWS::SQS::Queue')).filter((id) => id.startsWith('Webhooks'))).toEqual([]);
    expect(rules).toHaveLength(1);
    const props = rules[0]!.Properties!;
    expect(props.EventPattern).toEqual({ source: [APP_EVENT_SOURCE], 'detail-type': webhooks.fromEvents });
    const [target] = props.Targets as Record<string, unknown>[];
    expect(target!.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(target!.RetryPolicy).toEqual({ MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 });
    expect(target!.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [dlqId, 'Arn'] } });
    expect(stack.findResources('AWS::SQS::Queue')[queueId]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: webhooks.timeoutSeconds * 6,
      RedrivePolicy: { maxReceiveCount: webhooks.maxReceiveCount },
    });
    // EventBridge may send to the queue (its policy), for this rule only.
    expect(JSON.stringify(stack.findResources('AWS::SQS::QueuePolicy'))).toContain('events.amazonaws.com');
  });

  it('runs the worker from that queue in the same stack, with the token key, its own queue and no bus rights', () => {
    const { nested, app } = synth();
    const stack = nested.get('WebhooksFunctions')!;
    const grants = grantsOf(app, webhooks.handler).map(({ action }) => action);

    expect(functionId(stack, webhooks.handler)).toMatch(/^QueueWebhookWorkerFunction/);
    stack.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    expect(grants).toEqual(
      expect.arrayContaining(['secretsmanager:GetSecretValue', 'sqs:SendMessage', 'dynamodb:PutItem']),
    );
    expect(grants).not.toContain('events:PutEvents');
    expect(Object.keys(environmentOf(app, webhooks.handler))).toEqual(
      expect.arrayContaining(['WEBHOOKS_QUEUE_URL', 'TOKEN_KEY_SECRET_ARN']),
    );
    for (const route of allRoutes.filter((entry) => entry.path.startsWith('/api/webhooks')))
      expect(functionId(stack, route.handler), route.handler).toMatch(/^HttpWebhooks/);
  });

  it('alarms on a message in the webhooks DLQ, from the nested stack, to the configured address', () => {
    const { nested, parent } = synth(FULL_SETTINGS);
    const alarms = Object.values(nested.get('WebhooksFunctions')!.findResources('AWS::CloudWatch::Alarm')).map(
      (alarm) => alarm.Properties as Record<string, unknown>,
    );

    expect(alarms).toEqual([
      expect.objectContaining({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 0,
        AlarmDescription: expect.stringContaining('webhooks queue'),
      }),
    ]);
    expect(alarms[0]!.AlarmActions).toHaveLength(1);
    const parentAlarms = Object.values(parent.findResources('AWS::CloudWatch::Alarm'));
    expect(JSON.stringify(parentAlarms)).not.toContain('webhooks queue');
  });
});

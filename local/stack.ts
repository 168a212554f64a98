import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import {
  APP_EVENT_SOURCE,
  eventRules,
  queues as queueEntries,
  routes,
  schedulerTargets,
  schedules,
} from '../functions/manifest';
import { createApiBridge } from './api-bridge';
import { createAuthProxy, runPostConfirmation } from './auth-proxy';
import { applyLocalAwsEnv } from './aws-env';
import { createUserPool, type LocalUserPool, localCognitoClient, startCognitoLocal } from './cognito';
import { recoverInFlightMessage } from './crash-recovery';
import { claimDataDir } from './data-dir-lock';
import { ensureTable, startDynaliteProcess } from './dynamo';
import { startLocalEventBus } from './event-bus';
import { captureHandlerOutput, type LocalLogFormat } from './handler-output';
import { createJwtVerifier } from './jwt-verifier';
import { runStartStep, warmHandlers } from './lambda-runtime';
import { LOCAL_MAIL_CATCHER_PORT, startMailCatcher } from './mail-catcher';
import { metricsLogPath } from './metrics-log';
import { freePort, preferPort } from './ports';
import { startQueuePoller } from './queue-poller';
import { createQueues, localSqsClient, startSqs } from './queues';
import { startS3 } from './s3';
import { startScheduleTimer } from './schedule-timer';
import { startLocalScheduler } from './scheduler';
import { buildWeb, createDevSite, createSampleArticles, createStaticSite } from './web-assets';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** prod: the SPA's production build, rebuilt when its sources changed; dev: Vite with HMR; none: API only. */
  web: 'dev' | 'prod' | 'none';
  adminEmails: string[];
  localAdmin: { email: string; password: string };
  /** Seconds a failed queue message waits before it is retried. */
  queueRetrySeconds: number;
  /** Overrides each queue's manifest concurrency when set. */
  queueConcurrency?: number;
  /** How the handlers' log lines are printed: one readable line each, or the cloud's JSON. */
  logFormat: LocalLogFormat;
  /** Extra environment for the handlers (OPENAI_*, ALLOW_PRIVATE_FETCH_HOSTS, …). */
  handlerEnv: Record<string, string>;
}

export interface RunningStack {
  url: string;
  /** The mail catcher's inbox (mail the handlers send; tests/helpers/mail-catcher.ts reads it). */
  mailCatcherUrl: string;
  /** The local DynamoDB endpoint and table (test and benchmark harnesses seed data through them). */
  dynamoEndpoint: string;
  tableName: string;
  stop: () => Promise<void>;
}

interface SavedState extends Partial<LocalUserPool> {
  cognitoPort?: number;
  localAdminCreated?: boolean;
}

export const TABLE_NAME = 'threadsnip-local';

function readState(file: string): SavedState {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SavedState) : {};
}

/**
 * Starts everything `npm start` runs, all on 127.0.0.1: dynalite, cognito-local, local-aws-sqs, s3rver (the media bucket),
 * the API bridge over the manifest's handlers, the queue pollers, the daily timer, the local
 * scheduler (scheduled items, engagement readings), the application bus (ThreadPublished), the mail
 * catcher (SES) and the SPA.
 */
/** Paths the API answers, as CloudFront routes them: /api, the public API (/v1), the MCP server (/mcp), and the server-rendered public pages. */
function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/v1/') ||
    pathname === '/mcp' ||
    pathname.startsWith('/t/') ||
    pathname === '/about-article'
  );
}

export async function startLocalStack(options: LocalStackOptions): Promise<RunningStack> {
  applyLocalAwsEnv();
  mkdirSync(options.dataDir, { recursive: true });
  const stateFile = path.join(options.dataDir, 'local-stack.json');
  const releaseDataDir = claimDataDir(options.dataDir);
  const state = readState(stateFile);
  const stops: Array<() => Promise<void> | void> = [
    releaseDataDir,
    captureHandlerOutput({ metricsFile: metricsLogPath(options.dataDir), format: options.logFormat }),
  ];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };

  // The SPA's build (when its sources changed) runs while the services start; awaited before serving.
  const buildStartedAt = Date.now();
  const webBuild =
    options.web === 'prod'
      ? buildWeb().then(({ built }) => ({ built, seconds: (Date.now() - buildStartedAt) / 1000 }))
      : null;
  webBuild?.catch(() => {});
  try {
    const dynamo = await startDynaliteProcess(await freePort(), path.join(options.dataDir, 'dynamodb'));
    stops.push(dynamo.close);
    await ensureTable(dynamo.endpoint, TABLE_NAME);

    // The same port across restarts keeps the token issuer, so browsers stay signed in.
    const cognitoPort = await preferPort(state.cognitoPort);
    const cognito = await startCognitoLocal(cognitoPort, path.join(options.dataDir, 'cognito'));
    stops.push(cognito.stop);
    const cognitoClient = localCognitoClient(cognito.endpoint);
    const pool: LocalUserPool =
      state.userPoolId && state.userPoolClientId
        ? { userPoolId: state.userPoolId, userPoolClientId: state.userPoolClientId }
        : await createUserPool(cognitoClient);
    Object.assign(state, pool, { cognitoPort });
    writeFileSync(stateFile, JSON.stringify(state, null, 2));

    // Kept with the data: a message not deleted before a stop or crash is delivered after the next start.
    const sqsServer = await startSqs(await freePort(), { dir: path.join(options.dataDir, 'queues') });
    stops.push(sqsServer.close);
    const sqs = localSqsClient(sqsServer.endpoint);
    const localQueues = await createQueues(sqs, queueEntries, options.queueRetrySeconds);

    // Scheduled items' one-time schedules, kept with the data (EventBridge Scheduler in the cloud).
    const scheduler = await startLocalScheduler({
      dir: path.join(options.dataDir, 'scheduler'),
      targets: schedulerTargets,
    });
    stops.push(scheduler.stop);
    // The application's bus: ThreadPublished goes to the rule that plans engagement readings.
    // Queues fed by bus rules (webhooks) get the matching events as messages, as the cloud's SQS targets.
    const eventBus = await startLocalEventBus({
      rules: eventRules,
      queueRules: localQueues
        .filter((queue) => queue.entry.fromEvents?.length)
        .map((queue) => ({
          name: `${queue.entry.name}-queue`,
          detailTypes: queue.entry.fromEvents ?? [],
          send: async (body: string) => {
            await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: body }));
          },
        })),
      source: APP_EVENT_SOURCE,
    });
    stops.push(eventBus.stop);
    // Mail the handlers send through SES is caught here, shown in an inbox page (tests use a free port).
    const mailCatcher = await startMailCatcher(await preferPort(options.port ? LOCAL_MAIL_CATCHER_PORT : undefined));
    stops.push(mailCatcher.stop);

    // The key that encrypts platform tokens at rest: created once, kept with the data.
    const tokenKeyFile = path.join(options.dataDir, 'token-key');
    if (!existsSync(tokenKeyFile)) writeFileSync(tokenKeyFile, randomBytes(32).toString('base64'), { mode: 0o600 });

    const server = createServer();
    const port = await preferPort(options.port);
    const url = `http://localhost:${port}`;
    // The media bucket on s3rver, its files kept with the data; the app's origins may POST uploads to it.
    const s3 = await startS3(await freePort(), {
      directory: path.join(options.dataDir, 's3'),
      allowedOrigins: [url, `http://127.0.0.1:${port}`],
    });
    stops.push(s3.close);

    // The handlers read these through functions/lib/config.ts, exactly as a Lambda reads its environment.
    Object.assign(process.env, {
      TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqsServer.endpoint,
      S3_ENDPOINT: s3.endpoint,
      MEDIA_BUCKET: s3.bucket,
      COGNITO_ENDPOINT: cognito.endpoint,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.userPoolClientId,
      APP_PUBLIC_URL: url,
      ADMIN_EMAILS: options.adminEmails.join(','),
      TOKEN_KEY_FILE: tokenKeyFile,
      // A fresh key per start: OAuth states live ten minutes, so none outlives a restart that matters.
      OAUTH_STATE_SECRET: randomBytes(32).toString('base64url'),
      ...Object.fromEntries(localQueues.map((queue) => [`${queue.entry.name.toUpperCase()}_QUEUE_URL`, queue.url])),
      ...scheduler.handlerEnv,
      ...eventBus.handlerEnv,
      ...mailCatcher.handlerEnv,
      ...options.handlerEnv,
      // The sample articles are served by this very server, which the fetch guard refuses as loopback:
      // allowed under /samples/ only, never the API or anything else of this origin.
      ALLOW_PRIVATE_FETCH_HOSTS: [
        `localhost:${port}/samples/`,
        `127.0.0.1:${port}/samples/`,
        options.handlerEnv.ALLOW_PRIVATE_FETCH_HOSTS,
      ]
        .filter(Boolean)
        .join(','),
    });
    // Threads saved before the history sort indexes existed get their index keys (a no-op once done).
    const { addMissingThreadSortKeys } = await import('../scripts/migrations/add-thread-sort-keys');
    await addMissingThreadSortKeys();
    // Users from before workspaces get their personal one (said only when it made some, or resumed a walk).
    const workspaces = await import('../scripts/migrations/create-personal-workspaces');
    const migrated = await workspaces.createPersonalWorkspaces();
    if (migrated.run.created > 0 || migrated.resumed)
      for (const line of workspaces.describePersonalWorkspacesReport(migrated)) console.log(`[local] ${line}`);
    // Connections from before several accounts per platform move to their account's key (said only when some moved).
    const accounts = await import('../scripts/migrations/move-connections-to-accounts');
    const moved = await accounts.moveConnectionsToAccounts();
    if (moved.run.moved + moved.run.alreadyThere > 0 || moved.resumed)
      for (const line of accounts.describeConnectionAccountsReport(moved)) console.log(`[local] ${line}`);
    // What the queues held at the last stop or crash goes out again, a dead worker's claim given back first.
    const redelivered = await runStartStep('redeliver-queued-messages', () =>
      sqsServer.redeliver(recoverInFlightMessage),
    );
    if (redelivered) console.log(`[local] delivering again ${redelivered} message(s) left in the queues`);

    if (!state.localAdminCreated) {
      await createLocalAdmin(cognitoClient, pool, options.localAdmin);
      state.localAdminCreated = true;
      writeFileSync(stateFile, JSON.stringify(state, null, 2));
    }

    const issuer = `${cognito.endpoint}/${pool.userPoolId}`;
    const bridge = createApiBridge(
      routes,
      createJwtVerifier({ issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, audience: pool.userPoolClientId }),
    );
    const authProxy = createAuthProxy(cognito.endpoint, cognitoClient, pool);
    const samples = createSampleArticles();

    let site: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;
    if (webBuild) {
      const { built, seconds } = await webBuild;
      if (built)
        console.log(`[local] built the web app (its sources changed since the last build) in ${seconds.toFixed(1)} s`);
      site = createStaticSite();
    } else if (options.web === 'dev') {
      const dev = await createDevSite(server);
      stops.push(dev.close);
      site = dev.middleware;
    }

    server.on('request', async (req, res) => {
      const requestUrl = new URL(req.url ?? '/', url);
      try {
        if (isApiPath(requestUrl.pathname)) {
          await bridge(req, res, requestUrl);
        } else if (requestUrl.pathname === '/local-auth') {
          await authProxy(req, res);
        } else if (requestUrl.pathname.startsWith('/samples/')) {
          await samples(req, res);
        } else if (requestUrl.pathname === '/config.json') {
          const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(
            JSON.stringify({
              mode: 'local',
              apiBaseUrl: '/api',
              region: process.env.AWS_REGION,
              userPoolId: pool.userPoolId,
              userPoolClientId: pool.userPoolClientId,
              siteUrl: origin,
              authEndpoint: `${origin}/local-auth`,
              samplesUrl: '/samples/index.json',
            }),
          );
        } else if (site) {
          await site(req, res);
        } else {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
        }
      } catch (error) {
        console.error('[local] request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal Server Error' }));
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );

    for (const queue of localQueues) stops.push(startQueuePoller(sqs, queue, options.queueConcurrency).stop);
    // After ready, in the background: a user's first generation would otherwise wait for these
    // modules to load (the worker's language model most of all), about a second on this machine.
    void warmHandlers(firstGenerationHandlers());
    for (const schedule of schedules) stops.push(startScheduleTimer(schedule).stop);
    scheduler.begin();
    eventBus.begin();

    return { url, mailCatcherUrl: mailCatcher.url, dynamoEndpoint: dynamo.endpoint, tableName: TABLE_NAME, stop };
  } catch (error) {
    await webBuild?.catch(() => {});
    await stop();
    throw error;
  }
}

/** The paths a first generation from /create calls: the profile, the content check, the job and its polling. */
const FIRST_GENERATION_PATHS = new Set([
  '/api/me',
  '/api/extract-article',
  '/api/generation-jobs',
  '/api/generation-jobs/{jobId}',
]);

/** The handler modules of a first generation, as the manifest names them (the generation worker last). */
function firstGenerationHandlers(): string[] {
  const http = routes.filter(
    (route) => (route.method === 'GET' || route.method === 'POST') && FIRST_GENERATION_PATHS.has(route.path),
  );
  const worker = queueEntries.filter((queue) => queue.name === 'generation');
  return [...http, ...worker].map((entry) => entry.handler);
}

async function createLocalAdmin(
  cognito: ReturnType<typeof localCognitoClient>,
  pool: LocalUserPool,
  admin: { email: string; password: string },
): Promise<void> {
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: admin.email,
      UserAttributes: [
        { Name: 'email', Value: admin.email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
    }),
  );
  const username = created.User?.Username ?? admin.email;
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: username,
      Password: admin.password,
      Permanent: true,
    }),
  );
  await runPostConfirmation(cognito, pool, username);
}

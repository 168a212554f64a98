import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { OFFLINE_ACCOUNT, OFFLINE_REGION } from './cli';
import { parseStageConfig } from './config';
import { AppStack } from './stacks/app-stack';
import { DataStack } from './stacks/data-stack';

/**
 * The CDK entry point and the only place that reads context and environment. Every setting may come
 * from `-c name=value` (first) or an environment variable; see docs/deploy.md.
 */
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const app = new App();

function setting(contextKey: string, envName?: string): string | undefined {
  const fromContext: unknown = app.node.tryGetContext(contextKey);
  if (fromContext !== undefined && fromContext !== null) return String(fromContext);
  return envName ? process.env[envName] : undefined;
}

// The CLI sets CDK_DEFAULT_* from the caller's credentials. Without any (a fresh clone, offline),
// `cdk synth` uses the stand-in account; a deploy of that assembly is refused by the CLI, whose
// credentials name another account, so deploying still needs a real one.
const givenAccount = setting('account', 'CDK_DEFAULT_ACCOUNT');
const offline = !givenAccount;
if (offline) {
  console.warn(
    `No AWS account given (-c account=… or credentials): synthesizing for the stand-in account ${OFFLINE_ACCOUNT}. Deploying needs a real account.`,
  );
}

// Offline without a built SPA, a throwaway page stands in for it (removed after synth), so synth checks the infrastructure.
const givenWebDist = setting('webDistPath', 'WEB_DIST_PATH');
let placeholderWebDist: string | undefined;
if (offline && !givenWebDist && !existsSync(join(projectRoot, 'web/dist/index.html'))) {
  placeholderWebDist = mkdtempSync(join(tmpdir(), 'threadsnip-web-'));
  writeFileSync(join(placeholderWebDist, 'index.html'), '<!doctype html><title>ThreadSnip</title>\n');
  console.warn('No web/dist: synthesizing with a placeholder site (run `npm run build:web` before deploying).');
}

const config = parseStageConfig({
  stage: setting('stage', 'THREADSNIP_STAGE') ?? 'dev',
  account: givenAccount ?? OFFLINE_ACCOUNT,
  region: setting('region', 'CDK_DEFAULT_REGION') ?? process.env.AWS_REGION ?? (offline ? OFFLINE_REGION : ''),
  appPublicUrl: setting('appPublicUrl', 'APP_PUBLIC_URL'),
  adminEmails: setting('adminEmails', 'ADMIN_EMAILS'),
  openAiModel: setting('openAiModel', 'OPENAI_MODEL'),
  generationRequestsPerHour: setting('generationRequestsPerHour', 'GENERATION_REQUESTS_PER_HOUR'),
  regenerationsPerThreadPerDay: setting('regenerationsPerThreadPerDay', 'REGENERATIONS_PER_THREAD_PER_DAY'),
  apiKeysSecretName: setting('apiKeysSecretName', 'THREADSNIP_SECRET_NAME'),
  alarmEmail: setting('alarmEmail', 'ALARM_EMAIL'),
  mailFrom: setting('mailFrom', 'MAIL_FROM'),
  mailIdentity: setting('mailIdentity', 'MAIL_IDENTITY'),
  googleSignIn: setting('googleClientId', 'GOOGLE_CLIENT_ID')
    ? {
        clientId: setting('googleClientId', 'GOOGLE_CLIENT_ID') ?? '',
        domainPrefix: setting('cognitoDomainPrefix', 'COGNITO_DOMAIN_PREFIX') ?? '',
      }
    : undefined,
  logRetentionDays: setting('logRetentionDays', 'LOG_RETENTION_DAYS'),
  webDistPath: placeholderWebDist ?? resolve(projectRoot, givenWebDist ?? 'web/dist'),
});

const env = { account: config.account, region: config.region };
const prefix = `ThreadSnip-${config.stage}`;
const data = new DataStack(app, `${prefix}-Data`, {
  env,
  isProduction: config.isProduction,
  appPublicUrl: config.appPublicUrl,
  terminationProtection: config.isProduction,
  description: `ThreadSnip ${config.stage}: the DynamoDB table and the media bucket (stateful)`,
});
new AppStack(app, `${prefix}-App`, {
  env,
  config,
  table: data.table,
  mediaBucket: data.mediaBucket,
  projectRoot,
  description: `ThreadSnip ${config.stage}: auth, API, functions, queues, schedules and web hosting`,
});

// cdk-nag's AwsSolutions pack: an unsuppressed error fails the synth (docs/deploy.md, "cdk-nag").
Aspects.of(app).add(new AwsSolutionsChecks());

try {
  app.synth();
} finally {
  if (placeholderWebDist) rmSync(placeholderWebDist, { recursive: true, force: true });
}

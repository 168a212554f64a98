import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
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

const config = parseStageConfig({
  stage: setting('stage', 'THREADSNIP_STAGE') ?? 'dev',
  // The CLI sets CDK_DEFAULT_* from the caller's credentials; synth passes both explicitly instead.
  account: setting('account', 'CDK_DEFAULT_ACCOUNT') ?? '',
  region: setting('region', 'CDK_DEFAULT_REGION') ?? process.env.AWS_REGION ?? '',
  appPublicUrl: setting('appPublicUrl', 'APP_PUBLIC_URL'),
  adminEmails: setting('adminEmails', 'ADMIN_EMAILS'),
  openAiModel: setting('openAiModel', 'OPENAI_MODEL'),
  generationRequestsPerHour: setting('generationRequestsPerHour', 'GENERATION_REQUESTS_PER_HOUR'),
  regenerationsPerThreadPerDay: setting('regenerationsPerThreadPerDay', 'REGENERATIONS_PER_THREAD_PER_DAY'),
  apiKeysSecretName: setting('apiKeysSecretName', 'THREADSNIP_SECRET_NAME'),
  alarmEmail: setting('alarmEmail', 'ALARM_EMAIL'),
  googleSignIn: setting('googleClientId', 'GOOGLE_CLIENT_ID')
    ? {
        clientId: setting('googleClientId', 'GOOGLE_CLIENT_ID') ?? '',
        domainPrefix: setting('cognitoDomainPrefix', 'COGNITO_DOMAIN_PREFIX') ?? '',
      }
    : undefined,
  logRetentionDays: setting('logRetentionDays', 'LOG_RETENTION_DAYS'),
  webDistPath: resolve(projectRoot, setting('webDistPath', 'WEB_DIST_PATH') ?? 'web/dist'),
});

const env = { account: config.account, region: config.region };
const prefix = `ThreadSnip-${config.stage}`;
const data = new DataStack(app, `${prefix}-Data`, {
  env,
  isProduction: config.isProduction,
  terminationProtection: config.isProduction,
  description: `ThreadSnip ${config.stage}: the DynamoDB table (stateful)`,
});
new AppStack(app, `${prefix}-App`, {
  env,
  config,
  table: data.table,
  projectRoot,
  description: `ThreadSnip ${config.stage}: auth, API, functions, queues, schedules and web hosting`,
});

app.synth();

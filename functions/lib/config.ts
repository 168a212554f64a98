import { z } from 'zod';

/**
 * The Lambda side's configuration, read from the environment once and validated here, failing
 * fast with a clear message. Locally the stack sets the same variables plus service endpoints.
 */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

const stageSchema = z.string().min(1).default('local');

const envSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** The deployment stage (a dimension of every metric); 'local' under `npm start` and in tests. */
  STAGE: stageSchema,
  TABLE_NAME: z.string().min(1),
  GENERATION_QUEUE_URL: z.string().min(1).optional(),
  PUBLISHING_QUEUE_URL: z.string().min(1).optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** The app's public address; its host is named in every attribution post. */
  APP_PUBLIC_URL: z.url(),
  ADMIN_EMAILS: commaList,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ALLOW_PRIVATE_FETCH_HOSTS: commaList,
  /** Per-user generation budget (new and regenerated threads together). */
  GENERATION_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Per-thread regeneration budget, per UTC day. */
  REGENERATIONS_PER_THREAD_PER_DAY: z.coerce.number().int().positive().default(10),
  /** Stripe keys, locally or in tests; in the cloud they come from the secret named below. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe API's base URL (protocol, host, port); tests point it at a local fake. */
  STRIPE_API_BASE: optionalUrl,
  /** Secrets Manager ARN of `{ "secretKey", "webhookSecret" }` (cloud). */
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  /** Telegram Bot API base URL (a local server in tests). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Where Bluesky sessions are made (an entryway or a PDS; a local PDS in tests). */
  BLUESKY_SERVICE_URL: z.url().default('https://bsky.social'),
  /** Locally: a file holding the key material that encrypts platform tokens (created under DATA_DIR). */
  TOKEN_KEY_FILE: z.string().min(1).optional(),
  /** In the cloud: the Secrets Manager secret holding that key material. */
  TOKEN_KEY_SECRET_ARN: z.string().min(1).optional(),
  /** Signs OAuth `state` tokens (HS256); at least 32 characters. */
  OAUTH_STATE_SECRET: z.string().min(32).optional(),
  /** Local stand-ins; unset in the cloud, where the SDK finds the real services. */
  DYNAMODB_ENDPOINT: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
});

export type AppConfig = ReturnType<typeof loadConfig>;

/** The names of the variables a Lambda reads (the CDK app types its environments with this). */
export type LambdaEnvName = keyof z.input<typeof envSchema>;

/** Parses an environment into the app's configuration; throws one message listing every problem. */
export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  return {
    region: raw.AWS_REGION,
    stage: raw.STAGE,
    tableName: raw.TABLE_NAME,
    queueUrls: { generation: raw.GENERATION_QUEUE_URL, publishing: raw.PUBLISHING_QUEUE_URL },
    userPoolId: raw.USER_POOL_ID,
    userPoolClientId: raw.USER_POOL_CLIENT_ID,
    appPublicUrl: raw.APP_PUBLIC_URL,
    appHost: new URL(raw.APP_PUBLIC_URL).host,
    adminEmails: raw.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    openai: raw.OPENAI_API_KEY
      ? { apiKey: raw.OPENAI_API_KEY, baseURL: raw.OPENAI_BASE_URL, model: raw.OPENAI_MODEL }
      : undefined,
    allowPrivateFetchHosts: raw.ALLOW_PRIVATE_FETCH_HOSTS,
    rateLimits: {
      generationsPerHour: raw.GENERATION_REQUESTS_PER_HOUR,
      regenerationsPerThreadPerDay: raw.REGENERATIONS_PER_THREAD_PER_DAY,
    },
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY || undefined,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: raw.STRIPE_API_BASE,
      secretArn: raw.STRIPE_SECRET_ARN,
    },
    platformUrls: {
      telegram: raw.TELEGRAM_API_URL.replace(/\/+$/, ''),
      bluesky: raw.BLUESKY_SERVICE_URL.replace(/\/+$/, ''),
    },
    tokenKey: { file: raw.TOKEN_KEY_FILE, secretArn: raw.TOKEN_KEY_SECRET_ARN },
    oauthStateSecret: raw.OAUTH_STATE_SECRET,
    endpoints: { dynamodb: raw.DYNAMODB_ENDPOINT, sqs: raw.SQS_ENDPOINT, cognito: raw.COGNITO_ENDPOINT },
  };
}

let cached: AppConfig | undefined;

/** The process's configuration, parsed on first use. */
export function config(): AppConfig {
  cached ??= loadConfig(process.env);
  return cached;
}

/** The stage alone (metrics need it in every function, also where the rest of the config is not set). */
export function stageName(): string {
  return stageSchema.parse(process.env.STAGE);
}

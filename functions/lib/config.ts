import * as z from 'zod';
import { WEBHOOK_ROTATION_OVERLAP_HOURS } from '../../shared/schemas/webhooks';
import type { SchedulerTargetName } from '../manifest';
import { DEFAULT_OPENAI_MODEL } from './openai-model';

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

const optionalEmail = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email().optional());

const stageSchema = z.string().min(1).default('local');

const envSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** The deployment stage (a dimension of every metric); 'local' under `npm start` and in tests. */
  STAGE: stageSchema,
  TABLE_NAME: z.string().min(1),
  GENERATION_QUEUE_URL: z.string().min(1).optional(),
  PUBLISHING_QUEUE_URL: z.string().min(1).optional(),
  WEBMENTION_QUEUE_URL: z.string().min(1).optional(),
  /** The first Webmention retry's delay in seconds (then ×4 each time); tests shorten it. */
  WEBMENTION_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(900).default(30),
  FEEDS_QUEUE_URL: z.string().min(1).optional(),
  WEBHOOKS_QUEUE_URL: z.string().min(1).optional(),
  /** Scales every webhook retry delay (shared/webhooks/retry-schedule.ts); tests shorten the 24 hours to seconds. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(1).default(1),
  /** One webhook delivery's whole budget (connect and answer), in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(10_000),
  /** How long a rotated-out webhook secret still signs, in seconds (24 hours; tests shorten it). */
  WEBHOOK_ROTATION_OVERLAP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(WEBHOOK_ROTATION_OVERLAP_HOURS * 3600),
  /** The whole budget of one feed fetch (connect, redirects, body), in milliseconds. */
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** The app's public address; its host is named in every attribution post. */
  APP_PUBLIC_URL: z.url(),
  ADMIN_EMAILS: commaList,
  /** Locally and in tests; in the cloud it is read at run time from the API keys secret (below). */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default(DEFAULT_OPENAI_MODEL),
  ALLOW_PRIVATE_FETCH_HOSTS: commaList,
  /** Per-user generation budget (new and regenerated threads together). */
  GENERATION_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Per-thread regeneration budget, per UTC day. */
  REGENERATIONS_PER_THREAD_PER_DAY: z.coerce.number().int().positive().default(10),
  /** Per-API-key budget of public API (/v1) requests, per clock minute. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Stripe keys, locally or in tests; in the cloud they come from the secret named below. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe API's base URL (protocol, host, port); tests point it at a local fake. */
  STRIPE_API_BASE: optionalUrl,
  /** Secrets Manager ARN of `{ "secretKey", "webhookSecret" }` (cloud). */
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  /** Telegram Bot API base URL (a local server in tests). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Platform API and consent-screen base URLs (local servers in tests; docs/configuration.md lists each). */
  TWITTER_API_URL: z.url().default('https://api.x.com'),
  TWITTER_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  REDDIT_API_URL: z.url().default('https://oauth.reddit.com'),
  /** Reddit's www host: /api/v1/authorize and /api/v1/access_token live there. */
  REDDIT_AUTH_URL: z.url().default('https://www.reddit.com'),
  DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
  DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  /** The Threads Graph API; its token endpoints are at the same origin (/oauth/access_token, /access_token, /refresh_access_token). */
  THREADS_API_URL: z.url().default('https://graph.threads.net/v1.0'),
  THREADS_AUTHORIZE_URL: z.url().default('https://threads.net/oauth/authorize'),
  /** The most one publishing attempt waits for a Threads container to be ready before retrying later. */
  THREADS_CONTAINER_WAIT_MS: z.coerce.number().int().positive().default(20_000),
  /** LinkedIn's API host (/v2/userinfo, /rest/posts) and its www host's OAuth endpoints. */
  LINKEDIN_API_URL: z.url().default('https://api.linkedin.com'),
  LINKEDIN_AUTHORIZE_URL: z.url().default('https://www.linkedin.com/oauth/v2/authorization'),
  LINKEDIN_TOKEN_URL: z.url().default('https://www.linkedin.com/oauth/v2/accessToken'),
  /** The `LinkedIn-Version` (YYYYMM) every /rest call names; LinkedIn keeps a version active for about a year. */
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'a month as YYYYMM')
    .default('202610'),
  /**
   * 'true' when the LinkedIn app has the Community Management API: connections may then post as the
   * pages the member administers. Off by default, because LinkedIn refuses the whole consent to an
   * app that asks for page scopes it was not approved for.
   */
  LINKEDIN_ORGANIZATION_PAGES: z.enum(['true', 'false']).default('false'),
  /** OAuth apps of the platforms, locally or in tests; in the cloud they come from the secret named below. */
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  REDDIT_CLIENT_ID: z.string().optional(),
  REDDIT_CLIENT_SECRET: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  /** The bot user's token: the bot posts into the channels the user picked. */
  DISCORD_BOT_TOKEN: z.string().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  THREADS_APP_ID: z.string().optional(),
  THREADS_APP_SECRET: z.string().optional(),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  /** Secrets Manager ARN of `{ "twitter": { "clientId", "clientSecret" }, "discord": { …, "botToken" }, … }` (cloud). */
  PLATFORM_CLIENTS_SECRET_ARN: z.string().min(1).optional(),
  /** Where Bluesky sessions are made (an entryway or a PDS; a local PDS in tests). */
  BLUESKY_SERVICE_URL: z.url().default('https://bsky.social'),
  /** The public AppView engagement reads ask (app.bsky.feed.getPosts, no token). */
  BLUESKY_APPVIEW_URL: z.url().default('https://public.api.bsky.app'),
  /** Locally: a file holding the key material that encrypts platform tokens (created under DATA_DIR). */
  TOKEN_KEY_FILE: z.string().min(1).optional(),
  /** In the cloud: the Secrets Manager secret holding that key material. */
  TOKEN_KEY_SECRET_ARN: z.string().min(1).optional(),
  /** Signs OAuth `state` tokens (HS256); at least 32 characters. Locally and in tests, as OPENAI_API_KEY. */
  OAUTH_STATE_SECRET: z.string().min(32).optional(),
  /** In the cloud: the name of the JSON secret holding OPENAI_API_KEY and OAUTH_STATE_SECRET (never their values). */
  API_KEYS_SECRET_NAME: z.string().min(1).optional(),
  /** The keys of that secret this function declares in the manifest, and so may read. */
  API_KEYS_SECRET_KEYS: commaList,
  /** The shortest lead of a scheduled publish, in seconds (60; tests schedule a few seconds ahead). */
  SCHEDULE_MIN_LEAD_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** EventBridge Scheduler: the stack's schedule group, the fire function each schedule targets and the role it invokes with. */
  SCHEDULER_GROUP_NAME: z.string().min(1).optional(),
  SCHEDULER_TARGET_ARN: z.string().min(1).optional(),
  SCHEDULER_ROLE_ARN: z.string().min(1).optional(),
  /** The function engagement readings' one-time schedules invoke (in the same group, with the same role). */
  READING_TARGET_ARN: z.string().min(1).optional(),
  /** The function plug checks' one-time schedules invoke; the plug check itself learns its own ARN from its invocation. */
  PLUG_TARGET_ARN: z.string().min(1).optional(),
  /** The application's EventBridge bus (ThreadPublished goes there). */
  EVENT_BUS_NAME: z.string().min(1).optional(),
  /** The private bucket of pictures (uploads, quote cards, articles' images); set on the functions that touch it. */
  MEDIA_BUCKET: z.string().min(1).optional(),
  /**
   * The address mail is sent from (an SES verified identity in the cloud, set by the CDK app on the
   * functions that declare `mail`); unset, sending mail fails with a message saying so.
   */
  MAIL_FROM: optionalEmail,
  /** Local stand-ins; unset in the cloud, where the SDK finds the real services. */
  DYNAMODB_ENDPOINT: optionalUrl,
  /** The local S3-compatible server (path-style addressing). */
  S3_ENDPOINT: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
  COGNITO_ENDPOINT: optionalUrl,
  SCHEDULER_ENDPOINT: optionalUrl,
  EVENTBRIDGE_ENDPOINT: optionalUrl,
  /** The local mail catcher (SES v2's API; its inbox is a web page). */
  SES_ENDPOINT: optionalUrl,
  /** Only tests set it (a loopback fake): the local stack reads no secret from Secrets Manager. */
  SECRETS_MANAGER_ENDPOINT: optionalUrl,
});

export type AppConfig = ReturnType<typeof loadConfig>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A platform's OAuth app as configured by environment variables; undefined unless the id is set. */
function clientOf(clientId?: string, clientSecret?: string, botToken?: string) {
  if (!clientId) return undefined;
  return { clientId, clientSecret: clientSecret || null, ...(botToken ? { botToken } : {}) };
}

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
    queueUrls: {
      generation: raw.GENERATION_QUEUE_URL,
      publishing: raw.PUBLISHING_QUEUE_URL,
      webmention: raw.WEBMENTION_QUEUE_URL,
      feeds: raw.FEEDS_QUEUE_URL,
      webhooks: raw.WEBHOOKS_QUEUE_URL,
    },
    webhooks: {
      retryScale: raw.WEBHOOK_RETRY_SCALE,
      timeoutMs: raw.WEBHOOK_TIMEOUT_MS,
      rotationOverlapSeconds: raw.WEBHOOK_ROTATION_OVERLAP_SECONDS,
    },
    webmentionRetryBaseSeconds: raw.WEBMENTION_RETRY_BASE_SECONDS,
    feedFetchTimeoutMs: raw.FEED_FETCH_TIMEOUT_MS,
    userPoolId: raw.USER_POOL_ID,
    userPoolClientId: raw.USER_POOL_CLIENT_ID,
    appPublicUrl: raw.APP_PUBLIC_URL,
    appHost: new URL(raw.APP_PUBLIC_URL).host,
    adminEmails: raw.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    /** The OpenAI settings but its key, which `apiKey('OPENAI_API_KEY')` reads (lib/aws/secrets.ts). */
    openai: { baseURL: raw.OPENAI_BASE_URL, model: raw.OPENAI_MODEL },
    allowPrivateFetchHosts: raw.ALLOW_PRIVATE_FETCH_HOSTS,
    rateLimits: {
      generationsPerHour: raw.GENERATION_REQUESTS_PER_HOUR,
      regenerationsPerThreadPerDay: raw.REGENERATIONS_PER_THREAD_PER_DAY,
      apiKeyRequestsPerMinute: raw.API_KEY_REQUESTS_PER_MINUTE,
    },
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY || undefined,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: raw.STRIPE_API_BASE,
      secretArn: raw.STRIPE_SECRET_ARN,
    },
    platformUrls: {
      telegram: trimSlash(raw.TELEGRAM_API_URL),
      bluesky: trimSlash(raw.BLUESKY_SERVICE_URL),
      blueskyAppView: trimSlash(raw.BLUESKY_APPVIEW_URL),
      twitterApi: trimSlash(raw.TWITTER_API_URL),
      twitterAuthorize: raw.TWITTER_AUTHORIZE_URL,
      redditApi: trimSlash(raw.REDDIT_API_URL),
      redditAuth: trimSlash(raw.REDDIT_AUTH_URL),
      discordApi: trimSlash(raw.DISCORD_API_URL),
      discordAuthorize: raw.DISCORD_AUTHORIZE_URL,
      facebookGraph: trimSlash(raw.FACEBOOK_GRAPH_URL),
      facebookDialog: raw.FACEBOOK_DIALOG_URL,
      metaThreadsApi: trimSlash(raw.THREADS_API_URL),
      threadsAuthorize: raw.THREADS_AUTHORIZE_URL,
      linkedinApi: trimSlash(raw.LINKEDIN_API_URL),
      linkedinAuthorize: raw.LINKEDIN_AUTHORIZE_URL,
      linkedinToken: raw.LINKEDIN_TOKEN_URL,
    },
    threadsContainerWaitMs: raw.THREADS_CONTAINER_WAIT_MS,
    linkedinVersion: raw.LINKEDIN_VERSION,
    linkedinOrganizationPages: raw.LINKEDIN_ORGANIZATION_PAGES === 'true',
    platformClients: {
      secretArn: raw.PLATFORM_CLIENTS_SECRET_ARN,
      fromEnvironment: {
        twitter: clientOf(raw.TWITTER_CLIENT_ID, raw.TWITTER_CLIENT_SECRET),
        reddit: clientOf(raw.REDDIT_CLIENT_ID, raw.REDDIT_CLIENT_SECRET),
        discord: clientOf(raw.DISCORD_CLIENT_ID, raw.DISCORD_CLIENT_SECRET, raw.DISCORD_BOT_TOKEN),
        facebook: clientOf(raw.FACEBOOK_APP_ID, raw.FACEBOOK_APP_SECRET),
        threads: clientOf(raw.THREADS_APP_ID, raw.THREADS_APP_SECRET),
        linkedin: clientOf(raw.LINKEDIN_CLIENT_ID, raw.LINKEDIN_CLIENT_SECRET),
      },
    },
    tokenKey: { file: raw.TOKEN_KEY_FILE, secretArn: raw.TOKEN_KEY_SECRET_ARN },
    apiKeys: {
      secretName: raw.API_KEYS_SECRET_NAME,
      keys: raw.API_KEYS_SECRET_KEYS,
      fromEnvironment: {
        OPENAI_API_KEY: raw.OPENAI_API_KEY || undefined,
        OAUTH_STATE_SECRET: raw.OAUTH_STATE_SECRET,
      },
    },
    scheduling: {
      minLeadSeconds: raw.SCHEDULE_MIN_LEAD_SECONDS,
      groupName: raw.SCHEDULER_GROUP_NAME,
      targetArns: {
        'scheduled-items': raw.SCHEDULER_TARGET_ARN,
        'engagement-readings': raw.READING_TARGET_ARN,
        'plug-checks': raw.PLUG_TARGET_ARN,
      } as Partial<Record<SchedulerTargetName, string>>,
      roleArn: raw.SCHEDULER_ROLE_ARN,
    },
    eventBusName: raw.EVENT_BUS_NAME,
    mediaBucket: raw.MEDIA_BUCKET,
    mailFrom: raw.MAIL_FROM,
    endpoints: {
      dynamodb: raw.DYNAMODB_ENDPOINT,
      scheduler: raw.SCHEDULER_ENDPOINT,
      eventBridge: raw.EVENTBRIDGE_ENDPOINT,
      sqs: raw.SQS_ENDPOINT,
      cognito: raw.COGNITO_ENDPOINT,
      secretsManager: raw.SECRETS_MANAGER_ENDPOINT,
      s3: raw.S3_ENDPOINT,
      ses: raw.SES_ENDPOINT,
    },
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

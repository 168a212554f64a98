import path from 'node:path';
import * as z from 'zod';
import { LocalStartError } from './start-error';

/** The local stack's settings, read once from the environment and the command line. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  ADMIN_EMAILS: z.string().default('admin@threadsnip.local'),
  LOCAL_ADMIN_PASSWORD: z.string().min(6).default('threadsnip-admin'),
  LOCAL_QUEUE_RETRY_SECONDS: z.coerce.number().int().min(1).max(43200).default(30),
  /** Messages each local queue runs at once; unset, the manifest's concurrency (the cloud's reserved concurrency). */
  LOCAL_QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(50).optional(),
  /** text: one readable line per handler log line; json: the lines exactly as Lambda prints them; quiet: none. */
  LOCAL_LOG_FORMAT: z.enum(['text', 'json', 'quiet']).default('text'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  ALLOW_PRIVATE_FETCH_HOSTS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  TELEGRAM_API_URL: z.string().optional(),
  BLUESKY_SERVICE_URL: z.string().optional(),
  /** The shortest lead of a scheduled publish (60 s; the tests schedule a few seconds ahead). */
  SCHEDULE_MIN_LEAD_SECONDS: z.string().regex(/^\d+$/, 'a whole number of seconds').optional(),
});

export type StartMode = 'dev' | 'prod' | 'none';

/**
 * Parses `process.env` and argv into the stack's options. The SPA is the production build by
 * default (`npm start`; `--prod` says the same), Vite's dev server with `--dev` (`npm run dev`),
 * none with `--api-only`.
 */
export function readLocalConfig(env: NodeJS.ProcessEnv, argv: string[]) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new LocalStartError(
      `Invalid local configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const raw = parsed.data;
  const adminEmails = raw.ADMIN_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const web: StartMode = argv.includes('--api-only') ? 'none' : argv.includes('--dev') ? 'dev' : 'prod';
  const handlerEnv = Object.fromEntries(
    (
      [
        'OPENAI_API_KEY',
        'OPENAI_BASE_URL',
        'OPENAI_MODEL',
        'ALLOW_PRIVATE_FETCH_HOSTS',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_API_BASE',
        'TELEGRAM_API_URL',
        'BLUESKY_SERVICE_URL',
        'SCHEDULE_MIN_LEAD_SECONDS',
      ] as const
    )
      .filter((name) => raw[name])
      .map((name) => [name, String(raw[name])]),
  );
  return {
    port: raw.PORT,
    dataDir: path.resolve(raw.DATA_DIR),
    web,
    adminEmails,
    localAdmin: { email: adminEmails[0] ?? 'admin@threadsnip.local', password: raw.LOCAL_ADMIN_PASSWORD },
    queueRetrySeconds: raw.LOCAL_QUEUE_RETRY_SECONDS,
    queueConcurrency: raw.LOCAL_QUEUE_CONCURRENCY,
    logFormat: raw.LOCAL_LOG_FORMAT,
    handlerEnv,
  };
}

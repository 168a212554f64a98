import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { z } from 'zod';
import { DEFAULT_OPENAI_MODEL } from '../functions/lib/openai-model';

/**
 * Per-stage deployment settings, parsed once in app.ts from context and environment and passed to
 * the stacks as props, so no construct reads the environment. Fails fast with every problem listed.
 */
const allowedRetentions = new Set(Object.values(RetentionDays).filter((value) => typeof value === 'number'));

const emailList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? '').split(',')).map((item) => item.trim().toLowerCase()).filter(Boolean),
  )
  .pipe(z.array(z.email()));

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const stageConfigSchema = z.object({
  /** Lowercase letters, digits and dashes; part of the stack names. `prod` keeps more and deletes less. */
  stage: z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'lowercase letters, digits and dashes, starting with a letter'),
  account: z.string().regex(/^\d{12}$/, 'a 12-digit AWS account id'),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as us-east-1'),
  /** The public address (custom domain); defaults to the CloudFront distribution's address. */
  appPublicUrl: z.preprocess(blankToUndefined, z.url({ protocol: /^https$/ }).optional()),
  adminEmails: emailList,
  openAiModel: z.preprocess(blankToUndefined, z.string().min(1).default(DEFAULT_OPENAI_MODEL)),
  /** Per-user generation budgets (the Lambdas' GENERATION_REQUESTS_PER_HOUR and REGENERATIONS_PER_THREAD_PER_DAY). */
  generationRequestsPerHour: z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(30)),
  regenerationsPerThreadPerDay: z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(10)),
  /** Secrets Manager secret (JSON, one key per variable); without it the app uses its offline generator. */
  apiKeysSecretName: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  /**
   * Google sign-in through Cognito's hosted UI: the Google OAuth client id and the hosted UI's domain
   * prefix (globally unique). The client secret is the `GOOGLE_CLIENT_SECRET` key of the API keys secret.
   */
  googleSignIn: z
    .object({
      clientId: z.string().min(1),
      domainPrefix: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lowercase letters, digits and dashes'),
    })
    .optional(),
  /**
   * The address the app's mail comes from (invitations, notifications). With it the stack creates
   * its SES identity and the functions that declare `mail` may send as this address, and only as it.
   */
  mailFrom: z.preprocess(blankToUndefined, z.email().optional()),
  /**
   * The SES identity to verify: a domain of mailFrom's (Easy DKIM; the stack outputs the three
   * CNAME records to publish) or an address (SES mails it a link to click). Default: mailFrom itself.
   */
  mailIdentity: z.preprocess(
    blankToUndefined,
    z.union([z.email(), z.hostname().refine((name) => name.includes('.'), 'a domain such as example.com')]).optional(),
  ),
  /** Receives DLQ and API error alarms when set. */
  alarmEmail: z.preprocess(blankToUndefined, z.email().optional()),
  /** The built SPA folder (index.html at its root). */
  webDistPath: z.string().min(1),
  apiThrottle: z
    .object({ rateLimit: z.number().int().positive(), burstLimit: z.number().int().positive() })
    .default({ rateLimit: 50, burstLimit: 100 }),
  logRetentionDays: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((days) => allowedRetentions.has(days), 'a CloudWatch Logs retention such as 14, 30 or 90')
      .optional(),
  ),
});

export type StageConfigInput = z.input<typeof stageConfigSchema>;

/** The sender of the app's mail and the SES identity that covers it (a domain, or the address itself). */
export interface MailSettings {
  from: string;
  identity: string;
}

export interface StageConfig
  extends Omit<z.output<typeof stageConfigSchema>, 'logRetentionDays' | 'mailFrom' | 'mailIdentity'> {
  isProduction: boolean;
  logRetention: RetentionDays;
  /** Absent: no SES identity, and no function may send mail. */
  mail?: MailSettings;
}

/** True when the SES identity `identity` (an address or a domain) covers sending as `from`. */
function identityCovers(identity: string, from: string): boolean {
  // An address identity's local part is case-sensitive in SES; domains are not.
  if (identity.includes('@')) return identity === from;
  // A verified domain covers its own addresses and those of its subdomains.
  const domain = from.slice(from.lastIndexOf('@') + 1).toLowerCase();
  return domain === identity.toLowerCase() || domain.endsWith(`.${identity.toLowerCase()}`);
}

/** The identity SES verifies: the named one (a domain lowercased), else the sender address as given. */
function mailSettings(from: string, identity: string | undefined): MailSettings {
  const named = identity ?? from;
  return { from, identity: named.includes('@') ? named : named.toLowerCase() };
}

/** Validates raw stage settings; throws one message naming every invalid setting. */
export function parseStageConfig(input: StageConfigInput): StageConfig {
  const parsed = stageConfigSchema
    .refine((value) => !value.googleSignIn || value.apiKeysSecretName, {
      message: 'Google sign-in needs apiKeysSecretName: its secret holds GOOGLE_CLIENT_SECRET',
      path: ['googleSignIn'],
    })
    .refine((value) => !value.mailIdentity || value.mailFrom, {
      message: 'mailIdentity needs mailFrom, the address mail is sent from',
      path: ['mailIdentity'],
    })
    .refine((value) => !value.mailFrom || !value.mailIdentity || identityCovers(value.mailIdentity, value.mailFrom), {
      message: 'mailFrom must be the mailIdentity address or an address at its domain',
      path: ['mailFrom'],
    })
    .safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid CDK stage configuration: ${problems.join('; ')}`);
  }
  const { logRetentionDays, mailFrom, mailIdentity, ...settings } = parsed.data;
  const isProduction = settings.stage === 'prod';
  return {
    ...settings,
    ...(mailFrom ? { mail: mailSettings(mailFrom, mailIdentity) } : {}),
    isProduction,
    logRetention: (logRetentionDays ??
      (isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS)) as RetentionDays,
  };
}

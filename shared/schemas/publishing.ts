import * as z from 'zod';
import { connectionFormMessages, platformMessages } from '../messages/connections';
import { isBlueskyIdentifier } from '../publishing/bluesky-handle';
import { PLUG_STATES } from '../publishing/plug';
import { chosenQuotesSchema } from './author-posts';
import { plugChoiceSchema } from './plug';
import { linkPlacementsSchema, PLATFORMS, platformSchema } from './thread';

/** One platform's progress through the publishing queue. */
export const PUBLISH_STATUSES = ['pending', 'posting', 'completed', 'failed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

/** Where a publish was started: the create flow staggers platforms 1,000 ms apart, the panel 500 ms. */
export const PUBLISH_ORIGINS = ['create', 'panel'] as const;

/** A connected account's id as it appears in a path or a body (made to fit by functions/services/platforms/account-ids.ts). */
export const accountIdSchema = z.string().regex(/^[A-Za-z0-9._:@+=-]{1,200}$/, 'Choose one of the connected accounts');

/** The account a per-account setting applies to; absent: the platform's first connected account. */
const optionalAccount = { accountId: accountIdSchema.optional() };

/** PATCH /api/connections/{platform}/{accountId}: the account's new name. */
export const renameAccountRequestSchema = z.object({
  name: z
    .string({ error: connectionFormMessages.accountNameRequired })
    .trim()
    .min(1, connectionFormMessages.accountNameRequired)
    .max(80, connectionFormMessages.accountNameRequired),
});

/**
 * The accounts to post to on each platform, by account id (publish, schedule, queue). A platform left
 * out posts to its only account; with several connected, leaving it out is refused.
 */
export const chosenAccountsSchema = z
  .partialRecord(platformSchema, z.array(accountIdSchema).min(1).max(20))
  .refine(
    (chosen) => Object.values(chosen).every((ids) => !ids || new Set(ids).size === ids.length),
    'Each account may be chosen once',
  );
export type ChosenAccounts = z.infer<typeof chosenAccountsSchema>;

/**
 * One account per platform (a posting queue slot names the account it posts to): by account id.
 */
export const accountPerPlatformSchema = z.partialRecord(platformSchema, accountIdSchema);

/**
 * The accounts a scheduled or queued item posts to on each platform: one id, or a list of them (a
 * post to each), read as a list. A platform left out posts to its only account (in the queue: the
 * account its slot names); with several connected and none named, it is refused.
 */
export const scheduledAccountsSchema = z
  .partialRecord(
    platformSchema,
    z
      .union([accountIdSchema, z.array(accountIdSchema).min(1).max(20)])
      .transform((ids) => (typeof ids === 'string' ? [ids] : ids)),
  )
  .refine(
    (chosen) => Object.values(chosen).every((ids) => !ids || new Set(ids).size === ids.length),
    'Each account may be chosen once',
  );

/**
 * POST /api/threads/{threadId}/publish: the platforms to post to (a failed one again resumes it) and
 * the thread's link placements, kept with the thread for its later runs (a scheduled fire included).
 */
export const publishRequestSchema = z.object({
  platforms: z
    .array(platformSchema)
    .min(1, platformMessages.noPlatformsSelected.description)
    .max(PLATFORMS.length)
    .refine((list) => new Set(list).size === list.length, 'Each platform may be chosen once'),
  origin: z.enum(PUBLISH_ORIGINS).default('create'),
  linkPlacements: linkPlacementsSchema.optional(),
  /** The author's posts to quote in the credit, per platform (ids from GET …/author-posts). */
  quotes: chosenQuotesSchema.optional(),
  /** The plug for this thread, kept with it (absent: the thread's earlier choice, else the account's default). */
  plug: plugChoiceSchema.optional(),
  /** Which accounts of each platform to post to (a run each); a platform left out posts to its only account. */
  accounts: chosenAccountsSchema.optional(),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;

export const platformPublishStateSchema = z.object({
  platform: platformSchema,
  /** The account posted to (a run from before several accounts per platform: the platform's first connected one); null when it has none left. */
  accountId: z.string().nullable().optional(),
  /** What the account is called (the name the workspace gave it, else its handle); null once it was removed. */
  accountName: z.string().nullable().optional(),
  status: z.enum(PUBLISH_STATUSES),
  error: z.string().nullable(),
  postUrl: z.string().nullable(),
  postsMade: z.number().int().nonnegative(),
  postsTotal: z.number().int().nonnegative(),
  /** When the platform's last run finished posting the whole thread; null unless completed. */
  completedAt: z.string().nullable(),
  /** Why the credit does not quote the author's post after all (not found again, refused by the platform). */
  quoteNote: z.string().nullable().optional(),
  /** The plug of the platform's latest run: armed, fired (with the reply's URL), expired or cancelled; null when none was armed. */
  plug: z
    .object({
      state: z.enum(PLUG_STATES),
      threshold: z.number().int().positive(),
      firedUrl: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type PlatformPublishState = z.infer<typeof platformPublishStateSchema>;

/** GET /api/threads/{threadId}/publishing and the answer to a publish request. */
export const publishStatusResponseSchema = z.object({
  threadId: z.string(),
  platforms: z.array(platformPublishStateSchema),
});
export type PublishStatusResponse = z.infer<typeof publishStatusResponseSchema>;

/** What the browser may see of a connection: never a token or password. */
export const connectionViewSchema = z.object({
  platform: platformSchema,
  /** The platform's own stable id of the account (docs/platforms.md): several accounts per platform are told apart by it. */
  accountId: z.string(),
  /** What the account is called: the name the workspace gave it, else its handle. */
  name: z.string(),
  isConnected: z.boolean(),
  platformUsername: z.string().nullable(),
  connectionData: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  /**
   * When the grant ends with no way to renew it (LinkedIn's 60-day tokens come without a refresh
   * token for most apps): the card asks to reconnect before then. Absent when it renews itself.
   */
  reconnectBy: z.string().optional(),
  /**
   * When a grant that renews itself without a refresh token ends (Threads' 60-day token, refreshed
   * when used with fewer than 30 days left and by the daily job within its last week): the card
   * says it is renewed automatically before then.
   */
  renewsBefore: z.string().optional(),
  /**
   * True when the grant predates ThreadSnip's pictures and does not cover uploading them (an X
   * connection without media.write): the card asks to reconnect to post pictures, and a thread with
   * pictures is refused on this platform until then. Absent otherwise.
   */
  picturesNeedReconnect: z.literal(true).optional(),
  /**
   * True when LinkedIn organisation pages are on (LINKEDIN_ORGANIZATION_PAGES) and the grant predates
   * the page scopes: the connection lists no pages, and the card asks to reconnect to post as one.
   */
  pagesNeedReconnect: z.literal(true).optional(),
  /**
   * X only: whether engagement reads are on (off until the user turns them on, since X bills every
   * read) and what X charges per post read, shown next to the switch.
   */
  engagementReads: z.object({ enabled: z.boolean(), costPerPostReadUsd: z.number().nonnegative() }).optional(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

/**
 * GET /api/connections: the caller's connections, the platforms that can be connected, and those an
 * admin left enabled that cannot be connected here, with the reason.
 */
export const connectionsResponseSchema = z.object({
  connections: z.array(connectionViewSchema),
  enabledPlatforms: z.array(platformSchema),
  unavailablePlatforms: z.array(z.object({ platform: platformSchema, reason: z.string() })),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponseSchema>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(300);

/** POST /api/connections/telegram (spec telegram-auth): bot token and chat id, checked before storing. */
export const telegramConnectRequestSchema = z.object({
  botToken: required(platformMessages.botDetailsRequired.title),
  chatId: required(platformMessages.botDetailsRequired.title),
  chatTitle: z.string().trim().max(200).optional(),
});
export type TelegramConnectRequest = z.infer<typeof telegramConnectRequestSchema>;

/** PUT /api/connections/{platform}/target: the Discord channel id or subreddit name to post into. */
export const selectTargetRequestSchema = z.object({
  targetId: z.string({ error: 'A channel or subreddit is required' }).trim().min(1).max(200),
  ...optionalAccount,
});

/** PUT /api/connections/linkedin/identity: post as the member (null) or as an organisation page they administer. */
export const linkedinIdentityRequestSchema = z.object({
  organizationUrn: z
    .string()
    .regex(/^urn:li:organization:\d+$/, 'Choose a LinkedIn organisation page (urn:li:organization:…)')
    .nullable(),
  ...optionalAccount,
});

/** POST /api/connections/{platform}/authorize: where to return, and Mastodon's instance and username. */
export const oauthStartRequestSchema = z.object({
  returnPath: z.string().max(300).optional(),
  instance: z.string().trim().max(253).optional(),
  username: z.string().trim().max(100).optional(),
});
export type OAuthStartRequest = z.infer<typeof oauthStartRequestSchema>;

/** The provider's consent screen the browser is sent to. */
export const oauthStartResponseSchema = z.object({ url: z.url() });
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/** POST /api/connections/bluesky (spec bluesky-auth): handle and app password, checked by starting a session. */
export const blueskyConnectRequestSchema = z.object({
  // '@alice.bsky.social' as the app shows it, or the bare handle.
  handle: z
    .string({ error: connectionFormMessages.blueskyHandleRequired })
    .trim()
    .transform((handle) => handle.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .min(1, connectionFormMessages.blueskyHandleRequired)
        .refine(isBlueskyIdentifier, connectionFormMessages.invalidBlueskyHandle),
    ),
  appPassword: required(platformMessages.appPasswordRequired.title),
});
export type BlueskyConnectRequest = z.infer<typeof blueskyConnectRequestSchema>;

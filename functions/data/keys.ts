/**
 * Every key of the single table is built here, and only here. docs/data-model.md lists each
 * entity and access pattern with the key or index it uses.
 */
import { isTeamWorkspaceId } from '../../shared/workspaces/roles';
import type { IndexName } from './table-definition';

export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * The partition of a user's or a workspace's items. A personal workspace's id is its user's, so its
 * data is the user's partition and never moved when workspaces came; a team workspace's is its own.
 * Every key below that takes a `userId` for data a workspace owns (threads, connections, credits,
 * the queue…) takes the workspace's id there.
 */
const owner = (ownerId: string) => (isTeamWorkspaceId(ownerId) ? `WS#${ownerId}` : `USER#${ownerId}`);

/** A platform and, when named, one of its accounts, as a key segment (`x` or `x#<accountId>`). */
const platformAccount = (platform: string, accountId?: string | null) =>
  accountId ? `${platform}#${accountId}` : platform;

/** The fixed sort keys of a user's one-of-a-kind items (also the deletion prefixes of each). */
export const singletonSortKeys = {
  profile: 'PROFILE',
  role: 'ROLE',
  credits: 'CREDITS',
  /** The posting queue's settings (weekly slots, zone) and the ids of the user's upcoming scheduled items. */
  postingQueue: 'POSTING_QUEUE',
  /** The feed inbox's settings (auto-drafts a day) and the count of the user's feeds (the 50 limit). */
  feedSettings: 'FEED_SETTINGS',
  /** The bytes of the user's stored pictures (the media quota). */
  mediaUsage: 'MEDIA_USAGE',
} as const;

/** The `type` attribute of each entity, for readers of the raw table. */
export const itemTypes = {
  profile: 'profile',
  role: 'role',
  credits: 'credits',
  creditTransaction: 'credit-transaction',
  thread: 'thread',
  generationJob: 'generation-job',
  securityEvent: 'security-event',
  accountTombstone: 'account-tombstone',
  oauthState: 'oauth-state',
  oauthApp: 'oauth-app',
  testCheckoutSession: 'test-checkout-session',
  // The next two were written in camelCase from the start; stored items keep these values.
  platformConnection: 'platformConnection',
  publishRun: 'publishRun',
  keptExtraction: 'extraction',
  creditPackage: 'credit-package',
  checkoutFulfilment: 'checkout-fulfilment',
  platformSetting: 'platform-setting',
  scheduledItem: 'scheduled-item',
  postingQueue: 'posting-queue',
  queueSlotClaim: 'queue-slot-claim',
  publicThread: 'public-thread',
  tdmrepFile: 'tdmrep-file',
  engagementReading: 'engagement-reading',
  plug: 'plug',
  readingRefresh: 'reading-refresh',
  feed: 'feed',
  feedSettings: 'feed-settings',
  inboxItem: 'inbox-item',
  autoDraftDay: 'auto-draft-day',
  threadInsight: 'thread-insight',
  engagementDay: 'engagement-day',
  media: 'media',
  mediaUsage: 'media-usage',
  workspace: 'workspace',
  workspaceMember: 'workspace-member',
  workspaceInvitation: 'workspace-invitation',
  threadReview: 'thread-review',
  reviewComment: 'review-comment',
  workspaceActivity: 'workspace-activity',
  reviewLink: 'review-link',
  migrationProgress: 'migration-progress',
  notification: 'notification',
  apiKey: 'api-key',
  webhookEndpoint: 'webhook-endpoint',
  webhookDelivery: 'webhook-delivery',
} as const;

export const keys = {
  /** Everything a user owns lives in this partition, so deleting an account is one Query. */
  userPartition: (userId: string) => owner(userId),

  profile: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.profile }),
  /** Admin listing of users, newest first. */
  profileListing: (createdAt: string, userId: string) => ({ gsi1pk: 'PROFILES', gsi1sk: `${createdAt}#${userId}` }),

  role: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.role }),
  /** Admins are listed under one index partition (counts, refresh of admin credits). */
  roleListing: (role: string, userId: string) => ({ gsi1pk: `ROLE#${role}`, gsi1sk: userId }),
  rolesListingPartition: (role: string) => `ROLE#${role}`,

  credits: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.credits }),
  /** Balances grouped by the date of their last free refresh, so the midnight job Queries stale ones. */
  creditsByResetDate: (resetDate: string, userId: string) => ({ gsi1pk: `CREDITS#${resetDate}`, gsi1sk: userId }),
  creditsResetDatePartition: (resetDate: string) => `CREDITS#${resetDate}`,

  creditTransaction: (userId: string, createdAt: string, transactionId: string): ItemKey => ({
    pk: owner(userId),
    sk: `TX#${createdAt}#${transactionId}`,
  }),
  creditTransactionPrefix: 'TX#',
  /** Admin listing of every transaction, newest first. */
  transactionListing: (createdAt: string, transactionId: string) => ({
    gsi2pk: 'TRANSACTIONS',
    gsi2sk: `${createdAt}#${transactionId}`,
  }),
  transactionsListingPartition: 'TRANSACTIONS',
  /** Admin Orders: every purchase entry, newest first. */
  purchaseListing: (createdAt: string, transactionId: string) => ({
    gsi1pk: 'PURCHASES',
    gsi1sk: `${createdAt}#${transactionId}`,
  }),
  purchasesListingPartition: 'PURCHASES',

  thread: (userId: string, threadId: string): ItemKey => ({ pk: owner(userId), sk: `THREAD#${threadId}` }),
  threadPrefix: 'THREAD#',
  /** Lookup of a thread by id alone (ownership checks, admin view). */
  threadById: (threadId: string) => ({ gsi1pk: `THREAD#${threadId}`, gsi1sk: 'THREAD' }),
  /** Admin listing of every thread, newest first. */
  threadListing: (createdAt: string, threadId: string) => ({ gsi2pk: 'THREADS', gsi2sk: `${createdAt}#${threadId}` }),
  threadsListingPartition: 'THREADS',

  /** A user's threads ordered by creation time (history sorted by created date). */
  threadByCreated: (userId: string, createdAt: string, threadId: string) => ({
    gsi3pk: `THREADS#${userId}`,
    gsi3sk: `${createdAt}#${threadId}`,
  }),
  /** A user's threads ordered by title, case-insensitively, then by creation time (history sorted by title). */
  threadByTitle: (userId: string, title: string, createdAt: string, threadId: string) => ({
    gsi4pk: `THREADS#${userId}`,
    gsi4sk: `${title.toLowerCase().slice(0, 200)}\u0001${createdAt}#${threadId}`,
  }),
  threadsOfUser: (userId: string) => `THREADS#${userId}`,
  /**
   * A user's threads with figures by total engagement (My Threads sorted by engagement): written by the
   * reading rollup, 12 digits zero-padded so the string order is the numeric one; a thread never read
   * has none (sparse), and the listing puts those after the read ones.
   */
  threadByEngagement: (userId: string, engagement: number, createdAt: string, threadId: string) => ({
    gsi5pk: `THREADS#${userId}`,
    gsi5sk: `${String(Math.min(engagement, 999_999_999_999)).padStart(12, '0')}#${createdAt}#${threadId}`,
  }),

  /** A public thread's entry, beside its thread (so deleting the account removes it); present only while public. */
  publicThread: (userId: string, threadId: string): ItemKey => ({ pk: owner(userId), sk: `PUBLIC_THREAD#${threadId}` }),
  /** Its lookup by the public page's id (`/t/{publicId}`). */
  publicThreadById: (publicId: string) => ({ gsi1pk: `PUBLIC#${publicId}`, gsi1sk: 'PUBLIC_THREAD' }),
  /** The public threads about one article (its normalised URL), newest first (`/about-article`). */
  publicThreadAboutArticle: (articleUrl: string, createdAt: string, threadId: string) => ({
    gsi2pk: `ABOUT#${articleUrl}`,
    gsi2sk: `${createdAt}#${threadId}`,
  }),
  aboutArticlePartition: (articleUrl: string) => `ABOUT#${articleUrl}`,

  /** Jobs live in their owner's partition: the key itself scopes a status read to its owner. */
  generationJob: (userId: string, jobId: string): ItemKey => ({ pk: owner(userId), sk: `JOB#${jobId}` }),
  generationJobPrefix: 'JOB#',

  /**
   * One account connected on a platform (`accountId`: the platform's own stable id of it, see
   * docs/platforms.md): a workspace may connect several accounts per platform, listed by prefix.
   */
  platformConnection: (userId: string, platform: string, accountId: string): ItemKey => ({
    pk: owner(userId),
    sk: `CONN#${platform}#${accountId}`,
  }),
  platformConnectionPrefix: 'CONN#',
  /** The prefix of one platform's accounts (the trailing `#` keeps `x` from matching `xy`). */
  platformConnectionsOfPlatformPrefix: (platform: string) => `CONN#${platform}#`,
  /** The key of a connection from before several accounts per platform (read only by its migration). */
  legacyPlatformConnection: (userId: string, platform: string): ItemKey => ({
    pk: owner(userId),
    sk: `CONN#${platform}`,
  }),
  /**
   * A live connection whose token expires, listed by platform and expiry (a sparse listing written
   * with the connection, removed when it is disconnected or needs reconnecting), so the daily token
   * refresh Queries the ones expiring soon without a Scan.
   */
  tokenExpiryListing: (platform: string, expiresAt: string, userId: string, accountId: string) => ({
    gsi1pk: `TOKEN_EXPIRY#${platform}`,
    gsi1sk: `${expiresAt}#${userId}#${accountId}`,
  }),
  tokenExpiryPartition: (platform: string) => `TOKEN_EXPIRY#${platform}`,

  /**
   * One account's publishing of one thread: its formatted posts and the remote id of each made. A run
   * from before several accounts per platform has no account in its key (`accountId` null): it is the
   * platform's first account's.
   */
  publishRun: (userId: string, threadId: string, platform: string, accountId?: string | null): ItemKey => ({
    pk: owner(userId),
    sk: `PUBLISH#${threadId}#${platformAccount(platform, accountId)}`,
  }),
  publishRunPrefix: 'PUBLISH#',
  publishRunsOfThreadPrefix: (threadId: string) => `PUBLISH#${threadId}#`,

  securityEvent: (userId: string, createdAt: string, eventId: string): ItemKey => ({
    pk: owner(userId),
    sk: `SECURITY#${createdAt}#${eventId}`,
  }),
  securityEventPrefix: 'SECURITY#',
  /** The admin security log: every event newest first (gsi2), by event type (gsi1), by user and type (gsi3). */
  securityEventListings: (userId: string, eventType: string, createdAt: string, eventId: string) => ({
    gsi1pk: `SECURITY_EVENTS#${eventType}`,
    gsi1sk: `${createdAt}#${eventId}`,
    gsi2pk: 'SECURITY_EVENTS',
    gsi2sk: `${createdAt}#${eventId}`,
    gsi3pk: `SECURITY_EVENTS#${userId}#${eventType}`,
    gsi3sk: `${createdAt}#${eventId}`,
  }),
  securityEventsListingPartition: 'SECURITY_EVENTS',
  securityEventsOfTypePartition: (eventType: string) => `SECURITY_EVENTS#${eventType}`,
  securityEventsOfUserAndTypePartition: (userId: string, eventType: string) => `SECURITY_EVENTS#${userId}#${eventType}`,

  /**
   * A deleted account's tombstone, laid when its deletion starts and kept until every token of the
   * account has expired: outside the user's partition, which the deletion empties.
   */
  accountTombstone: (userId: string): ItemKey => ({ pk: `DELETED_ACCOUNT#${userId}`, sk: 'TOMBSTONE' }),

  /** A pending OAuth redirect's single-use nonce (functions/services/connections/oauth-state.ts), with a TTL. */
  oauthState: (userId: string, nonce: string): ItemKey => ({ pk: owner(userId), sk: `OAUTH#${nonce}` }),
  oauthStatePrefix: 'OAUTH#',
  /**
   * An OAuth client registered at run time with one server of a platform (a Mastodon instance) for
   * one scope set (space-separated, sorted): a server refuses a consent asking for scopes its app was
   * not registered with, so asking for more registers another app. Rows keyed `<platform>#<server>`
   * alone are apps registered before the scope set was part of the key, with scopes no longer asked
   * for; they are not read.
   */
  oauthApp: (platform: string, server: string, scopeSet: string): ItemKey => ({
    pk: 'OAUTH_APPS',
    sk: `${platform}#${server}#${scopeSet}`,
  }),

  /** A per-user usage counter for one budget and one time window (rate limits); expires with its window. */
  rateCounter: (userId: string, budget: string, window: string): ItemKey => ({
    pk: owner(userId),
    sk: `RATE#${budget}#${window}`,
  }),

  /** The validated extraction of one URL for one user, kept briefly so the worker need not fetch it again. */
  keptExtraction: (userId: string, urlHash: string): ItemKey => ({ pk: owner(userId), sk: `EXTRACTION#${urlHash}` }),
  /** Credit packages live in one small partition, read whole and ordered by sortOrder. */
  creditPackage: (packageId: string): ItemKey => ({ pk: 'CREDIT_PACKAGES', sk: `PACKAGE#${packageId}` }),
  creditPackagesPartition: 'CREDIT_PACKAGES',

  /** One item per Checkout Session: its conditional creation decides which delivery fulfils it. */
  checkoutFulfilment: (sessionId: string): ItemKey => ({ pk: `PAYMENT#${sessionId}`, sk: 'FULFILMENT' }),
  /** A user's fulfilments, so deleting the account can detach them from it without a Scan. */
  fulfilmentOfUser: (userId: string, createdAt: string, sessionId: string) => ({
    gsi1pk: `PAYMENTS#${userId}`,
    gsi1sk: `${createdAt}#${sessionId}`,
  }),
  fulfilmentsOfUserPartition: (userId: string) => `PAYMENTS#${userId}`,
  /**
   * A local test checkout issued to a user: in the user's partition, so only its own user finds it
   * (and deleting the account removes it).
   */
  testCheckoutSession: (userId: string, sessionId: string): ItemKey => ({
    pk: owner(userId),
    sk: `TEST_CHECKOUT#${sessionId}`,
  }),
  testCheckoutSessionPrefix: 'TEST_CHECKOUT#',

  /** An admin's platform toggle; no item means the platform is enabled. */
  platformSetting: (platform: string): ItemKey => ({ pk: 'SETTINGS', sk: `PLATFORM#${platform}` }),
  platformSettingsPartition: 'SETTINGS',
  platformSettingPrefix: 'PLATFORM#',

  /** Platform-wide counters kept by atomic ADD next to each write (admins: the last one cannot be demoted). */
  counter: (name: 'ADMINS' | 'TOTALS'): ItemKey => ({ pk: 'STATS', sk: name }),
  /**
   * One of the shards the engagement totals are ADDed to, each with the rollup version it last took
   * from each of its threads (so a rollup is added once); the admin totals sum `TOTALS` and its shards.
   */
  engagementTotalsShard: (shard: number): ItemKey => ({
    pk: 'STATS',
    sk: `TOTALS#ENGAGEMENT#${String(shard).padStart(2, '0')}`,
  }),
  statsPartition: 'STATS',
  totalsPrefix: 'TOTALS',
  profilesListingPartition: 'PROFILES',

  postingQueue: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.postingQueue }),

  /** A publish planned for a moment (a chosen time or a queue slot): its platforms, time and outcomes. */
  scheduledItem: (userId: string, itemId: string): ItemKey => ({ pk: owner(userId), sk: `SCHEDULED#${itemId}` }),
  scheduledItemPrefix: 'SCHEDULED#',
  /** A user's upcoming items by time (the Scheduled page, the 500 limit's recount); moved to the past listing when it fires or is cancelled. */
  upcomingScheduledListing: (userId: string, at: string, itemId: string) => ({
    gsi3pk: `SCHEDULE_UPCOMING#${userId}`,
    gsi3sk: `${at}#${itemId}`,
  }),
  upcomingScheduledPartition: (userId: string) => `SCHEDULE_UPCOMING#${userId}`,
  /** A user's fired and cancelled items by when they ended (the Scheduled page's last 30 days). */
  pastScheduledListing: (userId: string, endedAt: string, itemId: string) => ({
    gsi3pk: `SCHEDULE_PAST#${userId}`,
    gsi3sk: `${endedAt}#${itemId}`,
  }),
  pastScheduledPartition: (userId: string) => `SCHEDULE_PAST#${userId}`,
  /** One thread's upcoming items by time (its detail and card, cancelling them when it is deleted); removed when an item ends. */
  threadScheduleListing: (userId: string, threadId: string, at: string, itemId: string) => ({
    gsi4pk: `SCHEDULE_THREAD#${userId}#${threadId}`,
    gsi4sk: `${at}#${itemId}`,
  }),
  threadSchedulePartition: (userId: string, threadId: string) => `SCHEDULE_THREAD#${userId}#${threadId}`,
  /**
   * One queue slot instant taken by one item (`at`: UTC ISO, whole seconds): created only if absent, so
   * two Add to Queue requests at once get distinct slots; deleted when its item leaves the slot.
   */
  queueSlotClaim: (userId: string, at: string): ItemKey => ({ pk: owner(userId), sk: `QUEUE_SLOT#${at}` }),
  queueSlotClaimPrefix: 'QUEUE_SLOT#',

  /** An origin's /.well-known/tdmrep.json rules (or their absence), cached for a day with a TTL. */
  tdmrepFile: (origin: string): ItemKey => ({ pk: `TDMREP#${origin}`, sk: 'FILE' }),
  /**
   * One platform's engagement reading of one thread, one item per reading kind (1h, 24h, 7d, manual):
   * a redelivered reading finds its item and writes nothing twice.
   */
  engagementReading: (
    userId: string,
    threadId: string,
    platform: string,
    kind: string,
    accountId?: string | null,
  ): ItemKey => ({
    pk: owner(userId),
    // Per account (a reading of a run from before several accounts has none in its key).
    sk: `READING#${threadId}#${platformAccount(platform, accountId)}#${kind}`,
  }),
  readingsOfThreadPrefix: (threadId: string) => `READING#${threadId}#`,
  /** When 'Refresh now' last read a thread's figures (at most once per 10 minutes). */
  readingRefresh: (userId: string, threadId: string): ItemKey => ({
    pk: owner(userId),
    sk: `READING_REFRESH#${threadId}`,
  }),
  /** A followed feed: its URL, state, conditional-GET validators and next check. */
  feed: (userId: string, feedId: string): ItemKey => ({ pk: owner(userId), sk: `FEED#${feedId}` }),
  feedPrefix: 'FEED#',
  feedSettings: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.feedSettings }),
  /**
   * Every feed by its next check time, in one gsi2 partition: the poll fan-out Queries those due
   * (`gsi2sk <= now`), never a Scan.
   */
  feedDueListing: (nextCheckAt: string, userId: string, feedId: string) => ({
    gsi2pk: 'FEEDS_DUE',
    gsi2sk: `${nextCheckAt}#${userId}#${feedId}`,
  }),
  feedsDuePartition: 'FEEDS_DUE',
  /**
   * One entry of one feed, under its feed's prefix (so removing a feed removes its entries with one
   * Query); `entryId` is a hash of the dedupe key, so a conditional put lands each entry once.
   */
  inboxItem: (userId: string, feedId: string, entryId: string): ItemKey => ({
    pk: owner(userId),
    sk: `INBOX#${feedId}#${entryId}`,
  }),
  inboxItemsOfFeedPrefix: (feedId: string) => `INBOX#${feedId}#`,
  /** The inbox, newest first: sparse, removed when an item is dismissed (the item stays, for dedupe). */
  inboxListing: (userId: string, publishedAt: string, feedId: string, entryId: string) => ({
    gsi3pk: `INBOX#${userId}`,
    gsi3sk: `${publishedAt}#${feedId}#${entryId}`,
  }),
  inboxPartition: (userId: string) => `INBOX#${userId}`,
  /**
   * A feed's items waiting for its Auto-draft, newest first: sparse (gsi1), written with an item that
   * lands while the switch is on and removed when the item is settled, so every check (a retry too)
   * finds what an earlier one left unsettled.
   */
  autoDraftPendingListing: (userId: string, feedId: string, publishedAt: string, entryId: string) => ({
    gsi1pk: `AUTO_DRAFT_PENDING#${userId}#${feedId}`,
    gsi1sk: `${publishedAt}#${entryId}`,
  }),
  autoDraftPendingPartition: (userId: string, feedId: string) => `AUTO_DRAFT_PENDING#${userId}#${feedId}`,
  /** The auto-drafts made for a user on one UTC day: a conditional count under the daily cap; expires. */
  autoDraftDay: (userId: string, date: string): ItemKey => ({ pk: owner(userId), sk: `AUTO_DRAFTS#${date}` }),

  /**
   * A thread's insights summary (title, tone, hook length, when it was first published, each
   * platform's latest engagement): small, so /insights reads a period's threads in one Query.
   */
  threadInsight: (userId: string, threadId: string): ItemKey => ({
    pk: owner(userId),
    sk: `THREAD_INSIGHT#${threadId}`,
  }),
  /** The user's thread summaries by when the thread was first published (the /insights period). */
  threadInsightListing: (userId: string, publishedAt: string, threadId: string) => ({
    gsi3pk: `THREAD_INSIGHTS#${userId}`,
    gsi3sk: `${publishedAt}#${threadId}`,
  }),
  threadInsightsPartition: (userId: string) => `THREAD_INSIGHTS#${userId}`,
  /** Engagement the user's threads gained on one day (YYYY-MM-DD in the user's zone), with the readings counted. */
  engagementDay: (userId: string, date: string): ItemKey => ({ pk: owner(userId), sk: `ENGAGEMENT_DAY#${date}` }),
  engagementDayPrefix: 'ENGAGEMENT_DAY#',
  /** One stored picture of the user (an upload, a quote card, an article's image). */
  media: (userId: string, mediaId: string): ItemKey => ({ pk: owner(userId), sk: `MEDIA#${mediaId}` }),
  mediaPrefix: 'MEDIA#',
  mediaUsage: (userId: string): ItemKey => ({ pk: owner(userId), sk: singletonSortKeys.mediaUsage }),

  /**
   * A thread's plug on one platform: its threshold, state, checks and fired reply. In the user's
   * partition beside the thread's runs, so a thread's plugs are one Query and deleting the account
   * removes them.
   */
  plug: (userId: string, threadId: string, platform: string, accountId?: string | null): ItemKey => ({
    pk: owner(userId),
    // Per account's run (a plug of a run from before several accounts has none in its key).
    sk: `PLUG#${threadId}#${platformAccount(platform, accountId)}`,
  }),
  plugsOfThreadPrefix: (threadId: string) => `PLUG#${threadId}#`,
  /**
   * An armed plug, listed by user and platform (sparse, gsi1: written when the plug is armed, removed
   * when it fires, expires or is cancelled), so disconnecting a platform cancels its armed plugs
   * with one Query.
   */
  armedPlugListing: (userId: string, platform: string, threadId: string) => ({
    gsi1pk: `ARMED_PLUGS#${userId}#${platform}`,
    gsi1sk: threadId,
  }),
  armedPlugsPartition: (userId: string, platform: string) => `ARMED_PLUGS#${userId}#${platform}`,

  /** A workspace's name, kind and counts (members, owners): the last owner is kept by a condition on `owners`. */
  workspace: (workspaceId: string): ItemKey => ({ pk: owner(workspaceId), sk: 'WORKSPACE' }),
  workspacePartition: (workspaceId: string) => owner(workspaceId),
  /** Admin listing of team workspaces, newest first. */
  workspaceListing: (createdAt: string, workspaceId: string) => ({
    gsi2pk: 'WORKSPACES',
    gsi2sk: `${createdAt}#${workspaceId}`,
  }),
  workspacesListingPartition: 'WORKSPACES',
  /**
   * One member of a workspace and their role: in the workspace's partition (its members are one Query,
   * and a request's role check is one GetItem in the batch of its first read), listed by user (gsi1)
   * for the workspace switcher.
   */
  workspaceMember: (workspaceId: string, userId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `MEMBER#${userId}`,
  }),
  workspaceMemberPrefix: 'MEMBER#',
  membershipOfUser: (userId: string, workspaceId: string) => ({ gsi1pk: `MEMBERSHIPS#${userId}`, gsi1sk: workspaceId }),
  membershipsOfUserPartition: (userId: string) => `MEMBERSHIPS#${userId}`,
  /** A pending invitation to a workspace, found by the hash of its link's token (gsi1); deleted when used or revoked. */
  workspaceInvitation: (workspaceId: string, invitationId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `INVITATION#${invitationId}`,
  }),
  workspaceInvitationPrefix: 'INVITATION#',
  invitationByToken: (tokenHash: string) => ({ gsi1pk: `INVITATION_TOKEN#${tokenHash}`, gsi1sk: 'INVITATION' }),
  /** One in-app notification of a user, newest last in its prefix; expires after 90 days. */
  notification: (userId: string, createdAt: string, notificationId: string): ItemKey => ({
    pk: owner(userId),
    sk: `NOTIFICATION#${createdAt}#${notificationId}`,
  }),
  notificationPrefix: 'NOTIFICATION#',
  /**
   * A thread's review in its workspace: its state, the version last sent for review and the version
   * approved (threadVersion of the posts), with who and when. Absent: never sent (`draft`).
   */
  threadReview: (workspaceId: string, threadId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `REVIEW#${threadId}`,
  }),
  /** A comment on a thread (or one of its posts) during its review; a thread's comments are one Query, oldest first. */
  reviewComment: (workspaceId: string, threadId: string, createdAt: string, commentId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `REVIEW_COMMENT#${threadId}#${createdAt}#${commentId}`,
  }),
  reviewCommentsOfThreadPrefix: (threadId: string) => `REVIEW_COMMENT#${threadId}#`,
  /** One entry of a workspace's activity log (sent for review, approved, commented, settings changed), by time. */
  workspaceActivity: (workspaceId: string, at: string, activityId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `ACTIVITY#${at}#${activityId}`,
  }),
  workspaceActivityPrefix: 'ACTIVITY#',
  /**
   * A client's review link to one thread version, in the workspace's partition (a thread's links are
   * one Query by prefix), found by the SHA-256 of its token (gsi1); the token itself is never stored.
   */
  reviewLink: (workspaceId: string, threadId: string, linkId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `REVIEW_LINK#${threadId}#${linkId}`,
  }),
  reviewLinksOfThreadPrefix: (threadId: string) => `REVIEW_LINK#${threadId}#`,
  reviewLinkByToken: (tokenHash: string) => ({ gsi1pk: `REVIEW_LINK_TOKEN#${tokenHash}`, gsi1sk: 'REVIEW_LINK' }),
  /**
   * An API key, keyed by the SHA-256 of its secret (the secret itself is never stored): the verifier
   * finds it with one consistent GetItem, so a revocation is seen by the next request. Outside the
   * workspace's partition; listed by workspace (gsi1, sparse: removed when the key is revoked), which
   * is also how the workspace's deletion finds its keys.
   */
  apiKey: (keyHash: string): ItemKey => ({ pk: `API_KEY#${keyHash}`, sk: 'API_KEY' }),
  apiKeyListing: (workspaceId: string, keyId: string) => ({ gsi1pk: `API_KEYS#${workspaceId}`, gsi1sk: keyId }),
  apiKeysOfWorkspacePartition: (workspaceId: string) => `API_KEYS#${workspaceId}`,
  /**
   * A workspace's webhook endpoint, in its partition (listed with one Query by prefix, which is also
   * how a delivery finds the endpoints subscribed to an event, and gone with the workspace).
   */
  webhookEndpoint: (workspaceId: string, endpointId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `WEBHOOK#${endpointId}`,
  }),
  webhookEndpointsPrefix: 'WEBHOOK#',
  /** One delivery try to an endpoint, by time (the log: its newest first by prefix), removed by TTL. */
  webhookDelivery: (workspaceId: string, endpointId: string, at: string, deliveryId: string): ItemKey => ({
    pk: owner(workspaceId),
    sk: `WEBHOOK_DELIVERY#${endpointId}#${at}#${deliveryId}`,
  }),
  webhookDeliveriesPrefix: (endpointId: string) => `WEBHOOK_DELIVERY#${endpointId}#`,
  /** The personal-workspace migration's progress: the last user it finished, so a run resumes after it. */
  migrationProgress: (migration: string): ItemKey => ({ pk: 'MIGRATIONS', sk: migration }),

  /** The health probe's key (`ONCE#health`/`probe`): a Get that proves the table answers; no item is written. */
  onceMarker: (scope: string, id: string): ItemKey => ({ pk: `ONCE#${scope}`, sk: id }),

  /** The partition of Powertools idempotency records; their sort key is `<scope>#<hash of the request>`. */
  idempotencyPartition: 'IDEMPOTENCY',
} as const;

/** The index each named access pattern queries. */
export const indexes: Record<
  | 'byGsi1'
  | 'byGsi2'
  | 'threadsByCreated'
  | 'threadsByTitle'
  | 'securityEventsByUserAndType'
  | 'scheduledItemsByUser'
  | 'scheduledItemsOfThread'
  | 'feedsDue'
  | 'inboxOfUser'
  | 'threadsByEngagement'
  | 'threadInsightsByPublished'
  | 'autoDraftPending'
  | 'armedPlugsOfPlatform'
  | 'membershipsOfUser'
  | 'invitationByToken'
  | 'reviewLinkByToken'
  | 'apiKeysOfWorkspace'
  | 'workspacesListing',
  IndexName
> = {
  byGsi1: 'gsi1',
  byGsi2: 'gsi2',
  threadsByCreated: 'gsi3',
  threadsByTitle: 'gsi4',
  /** gsi3 is overloaded: a user's threads (`THREADS#<id>`) and a user's security events of one type. */
  securityEventsByUserAndType: 'gsi3',
  /** gsi3 also holds a user's upcoming and past scheduled items (`SCHEDULE_UPCOMING#<id>`, `SCHEDULE_PAST#<id>`). */
  scheduledItemsByUser: 'gsi3',
  /** gsi4 is overloaded too: a thread's upcoming scheduled items (`SCHEDULE_THREAD#<id>#<threadId>`). */
  scheduledItemsOfThread: 'gsi4',
  /** gsi2 also lists every feed by next check time (`FEEDS_DUE`). */
  feedsDue: 'gsi2',
  /** gsi3 also holds a user's inbox, newest first (`INBOX#<id>`). */
  inboxOfUser: 'gsi3',
  threadsByEngagement: 'gsi5',
  /** gsi3 also holds a user's thread summaries by first publishing (`THREAD_INSIGHTS#<id>`). */
  threadInsightsByPublished: 'gsi3',
  /** gsi1 also lists a feed's items waiting for its Auto-draft (`AUTO_DRAFT_PENDING#<id>#<feedId>`). */
  autoDraftPending: 'gsi1',
  /** gsi1 also lists a user's armed plugs on one platform (`ARMED_PLUGS#<id>#<platform>`). */
  armedPlugsOfPlatform: 'gsi1',
  /** gsi1 also lists a user's workspace memberships (`MEMBERSHIPS#<userId>`). */
  membershipsOfUser: 'gsi1',
  /** gsi1 also finds an invitation by its token's hash (`INVITATION_TOKEN#<hash>`). */
  invitationByToken: 'gsi1',
  /** gsi1 also finds a review link by its token's hash (`REVIEW_LINK_TOKEN#<hash>`). */
  reviewLinkByToken: 'gsi1',
  /** gsi1 also lists a workspace's live API keys by id, oldest first (`API_KEYS#<workspaceId>`). */
  apiKeysOfWorkspace: 'gsi1',
  /** gsi2 also lists every team workspace, newest first (`WORKSPACES`). */
  workspacesListing: 'gsi2',
};

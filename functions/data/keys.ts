/**
 * Every key of the single table is built here, and only here. docs/data-model.md lists each
 * entity and access pattern with the key or index it uses.
 */
import type { IndexName } from './table-definition';

export interface ItemKey {
  pk: string;
  sk: string;
}

const user = (userId: string) => `USER#${userId}`;

export const keys = {
  /** Everything a user owns lives in this partition, so deleting an account is one Query. */
  userPartition: (userId: string) => user(userId),

  profile: (userId: string): ItemKey => ({ pk: user(userId), sk: 'PROFILE' }),
  /** Admin listing of users, newest first. */
  profileListing: (createdAt: string, userId: string) => ({ gsi1pk: 'PROFILES', gsi1sk: `${createdAt}#${userId}` }),

  role: (userId: string): ItemKey => ({ pk: user(userId), sk: 'ROLE' }),
  /** Admins are listed under one index partition (counts, refresh of admin credits). */
  roleListing: (role: string, userId: string) => ({ gsi1pk: `ROLE#${role}`, gsi1sk: userId }),

  credits: (userId: string): ItemKey => ({ pk: user(userId), sk: 'CREDITS' }),
  /** Balances grouped by the date of their last free refresh, so the midnight job Queries stale ones. */
  creditsByResetDate: (resetDate: string, userId: string) => ({ gsi1pk: `CREDITS#${resetDate}`, gsi1sk: userId }),
  creditsResetDatePartition: (resetDate: string) => `CREDITS#${resetDate}`,

  creditTransaction: (userId: string, createdAt: string, transactionId: string): ItemKey => ({
    pk: user(userId),
    sk: `TX#${createdAt}#${transactionId}`,
  }),
  creditTransactionPrefix: 'TX#',
  /** Admin listing of every transaction, newest first. */
  transactionListing: (createdAt: string, transactionId: string) => ({
    gsi2pk: 'TRANSACTIONS',
    gsi2sk: `${createdAt}#${transactionId}`,
  }),

  thread: (userId: string, threadId: string): ItemKey => ({ pk: user(userId), sk: `THREAD#${threadId}` }),
  threadPrefix: 'THREAD#',
  /** Lookup of a thread by id alone (ownership checks, admin view). */
  threadById: (threadId: string) => ({ gsi1pk: `THREAD#${threadId}`, gsi1sk: 'THREAD' }),
  /** Admin listing of every thread, newest first. */
  threadListing: (createdAt: string, threadId: string) => ({ gsi2pk: 'THREADS', gsi2sk: `${createdAt}#${threadId}` }),

  /** Jobs live in their owner's partition: the key itself scopes a status read to its owner. */
  generationJob: (userId: string, jobId: string): ItemKey => ({ pk: user(userId), sk: `JOB#${jobId}` }),
  generationJobPrefix: 'JOB#',

  platformConnection: (userId: string, platform: string): ItemKey => ({ pk: user(userId), sk: `CONN#${platform}` }),
  platformConnectionPrefix: 'CONN#',

  /** One platform's publishing of one thread: its formatted posts and the remote id of each made. */
  publishRun: (userId: string, threadId: string, platform: string): ItemKey => ({
    pk: user(userId),
    sk: `PUBLISH#${threadId}#${platform}`,
  }),
  publishRunPrefix: 'PUBLISH#',
  publishRunsOfThreadPrefix: (threadId: string) => `PUBLISH#${threadId}#`,

  /** Admin platform toggles; a platform without a row counts as enabled. */
  platformSettingsPartition: 'SETTINGS',
  platformSettingPrefix: 'PLATFORM#',

  securityEvent: (userId: string, createdAt: string, eventId: string): ItemKey => ({
    pk: user(userId),
    sk: `SECURITY#${createdAt}#${eventId}`,
  }),
  securityEventPrefix: 'SECURITY#',

  /** Present while an account is being deleted: nothing may recreate the account meanwhile. */
  accountDeletion: (userId: string): ItemKey => ({ pk: user(userId), sk: 'DELETION' }),

  /** A pending OAuth redirect's single-use nonce (functions/lib/oauth-state.ts), with a TTL. */
  oauthState: (userId: string, nonce: string): ItemKey => ({ pk: user(userId), sk: `OAUTH#${nonce}` }),
  oauthStatePrefix: 'OAUTH#',

  /** Markers of work done exactly once (the daily refresh of a given date, a payment). */
  onceMarker: (scope: string, id: string): ItemKey => ({ pk: `ONCE#${scope}`, sk: id }),
} as const;

/** The index each named access pattern queries. */
export const indexes: Record<'byGsi1' | 'byGsi2', IndexName> = { byGsi1: 'gsi1', byGsi2: 'gsi2' };

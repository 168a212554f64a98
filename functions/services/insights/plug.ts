import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { plugText } from '#shared/attribution';
import { engagementReadsAllowed } from '#shared/insights/engagement';
import { plugMessages } from '#shared/messages/publishing';
import { isPlugPlatform, type PlugChoice, plugCheckAt, plugCount, plugReached } from '#shared/publishing/plug';
import { oneTimeScheduleExpression } from '#shared/scheduling/slots';
import { postFiguresSchema } from '#shared/schemas/insights';
import { platformSchema, type Thread } from '#shared/schemas/thread';
import { getPlugDefault } from '../../data/account-repository';
import {
  armPlug,
  claimPlug,
  endPlug,
  getPlug,
  markPlugFired,
  type PlugRecord,
  recordPlugCheck,
} from '../../data/plug-repository';
import { getPublishRun, type MadePost, type PublishRun } from '../../data/publish-run-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { createOneTimeSchedule } from '../../lib/aws/scheduler';
import { DomainError, ReconnectRequiredError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { loadLiveConnection, markAccountNeedsReconnect, resolveAccount } from '../connections/connections';
import { adapterFor } from '../platforms/adapters';
import {
  type LiveConnection,
  type OutgoingPost,
  PlatformError,
  PlatformRejectedError,
} from '../platforms/platform-adapter';
import { cancelPlug, plugCheckName } from './plug-cancellation';
import type { ThreadPublished } from './reading-schedule';

/**
 * The plug, watched like the insights readings: armed when a run completes, checked on its own
 * one-time schedules (one pending at a time, each check scheduling the next), fired once.
 */

/** How long a check holds a claimed plug while it replies; a check that stopped is taken over after this. */
export const PLUG_CLAIM_MS = 120_000;
/** A check due sooner than this (a late event or retry) is set this far ahead: a one-time schedule in the past never fires. */
const MIN_NEXT_CHECK_MS = 60_000;

/** What a plug check's schedule delivers. */
export const plugCheckPayloadSchema = z.object({
  userId: z.string().min(1),
  threadId: z.string().min(1),
  platform: platformSchema,
  /** The account of the plug's run; absent or null for a run from before several accounts. */
  accountId: z.string().min(1).nullable().optional(),
  runId: z.string().min(1),
  check: z.number().int().nonnegative(),
});
export type PlugCheckPayload = z.infer<typeof plugCheckPayloadSchema>;

/** What became of one check. */
export type PlugCheckOutcome =
  | 'stale'
  | 'done'
  | 'already_checked'
  | 'not_yet'
  | 'fired'
  | 'claimed_elsewhere'
  | 'expired'
  | 'cancelled';

/** A check arrived while another check holds the claim: thrown, so the scheduler delivers it again after its back-off. */
export class PlugBusyError extends Error {}

/** Schedules check `check` at `at`, or a minute from `now` when `at` has passed (a late event or retry). */
async function scheduleCheck(plug: PlugRecord, check: number, at: Date, now: Date): Promise<Date> {
  const when = new Date(Math.max(at.getTime(), now.getTime() + MIN_NEXT_CHECK_MS));
  const payload: PlugCheckPayload = {
    userId: plug.userId,
    threadId: plug.threadId,
    platform: plug.platform,
    accountId: plug.accountId,
    runId: plug.runId,
    check,
  };
  await createOneTimeSchedule(
    plugCheckName(plug.runId, check),
    oneTimeScheduleExpression(when, 'UTC'),
    payload,
    'plug-checks',
  );
  return when;
}

/** The thread's plug choice: its own, else the account's default; null when the plug is off. */
async function plugChoiceOf(thread: Thread): Promise<PlugChoice | null> {
  const choice = thread.plug ?? (await getPlugDefault(thread.userId));
  return choice?.enabled ? choice : null;
}

/**
 * On ThreadPublished: arms the run's plug when the thread (or the account's default) wants one and
 * the platform can read the first post back and reply to it, then schedules its first check. A
 * redelivered event finds the plug stored and schedules the first check again under the same name.
 */
export async function armPlugForRun(event: ThreadPublished, now: Date): Promise<'armed' | 'off' | 'not_supported'> {
  const { userId, threadId, platform, runId, completedAt } = event;
  const accountId = event.accountId ?? null;
  if (!isPlugPlatform(platform) || !adapterFor(platform).readEngagement) return 'not_supported';
  const [thread, connection] = await Promise.all([
    getThreadForUser(userId, threadId),
    resolveAccount(userId, platform, accountId),
  ]);
  if (!thread) return 'off';
  const choice = await plugChoiceOf(thread);
  if (!choice) return 'off';
  // X bills each read: a plug there is armed only when the curator turned paid reads on.
  if (!connection?.isConnected || !engagementReadsAllowed(platform, connection.connectionData)) return 'not_supported';
  const record: PlugRecord = {
    userId,
    threadId,
    platform,
    accountId,
    runId,
    threshold: choice.threshold,
    state: 'armed',
    completedAt,
    checksDone: 0,
    nextCheckAt: plugCheckAt(completedAt, 0)!.toISOString(),
    lastCount: null,
    claimId: null,
    claimUntil: null,
    claimedAt: null,
    firedAt: null,
    firedUrl: null,
    firedPostId: null,
    endReason: null,
    armedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const armed = await armPlug(record);
  const plug = armed ? record : await getPlug(userId, threadId, platform, accountId);
  if (plug?.runId === runId && plug.state === 'armed' && plug.checksDone === 0) {
    await scheduleCheck(plug, 0, new Date(plug.nextCheckAt ?? record.nextCheckAt!), now);
  }
  if (armed) countBy('PlugArmed', { platform });
  return 'armed';
}

/** The connection to check with; null when there is none (disconnected); undefined when it cannot be used now (reconnect). */
async function plugConnection(plug: PlugRecord, now: Date): Promise<LiveConnection | null | undefined> {
  try {
    return await loadLiveConnection(plug.userId, plug.platform, now, plug.accountId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    logger.info('plug check skipped', { platform: plug.platform, threadId: plug.threadId, reason: error.message });
    return undefined;
  }
}

/**
 * The first post's likes and reposts now, through the same read as the insights readings; null when
 * the platform would not say this time (a rate limit, a refusal: the next check looks again).
 */
async function firstPostCount(
  plug: PlugRecord,
  connection: LiveConnection,
  first: MadePost,
  now: Date,
): Promise<{ count: number | null; reached: boolean }> {
  const adapter = adapterFor(plug.platform);
  // X bills each read: once the curator turns paid reads off, the plug reads nothing more there.
  if (!engagementReadsAllowed(plug.platform, connection.connectionData)) return { count: null, reached: false };
  try {
    const [figures] = postFiguresSchema.array().parse(await adapter.readEngagement!(connection, [first], now));
    return { count: plugCount(figures), reached: plugReached(figures, plug.threshold) };
  } catch (error) {
    if (error instanceof ReconnectRequiredError) {
      await markAccountNeedsReconnect(plug.userId, plug.platform, plug.accountId, now);
    }
    if (error instanceof PlatformError || error instanceof ReconnectRequiredError || error instanceof z.ZodError) {
      logger.warn('plug check could not read the first post', {
        platform: plug.platform,
        threadId: plug.threadId,
        error: error instanceof Error ? error.message : String(error),
      });
      countBy('PlugCheckUnread', { platform: plug.platform });
      return { count: null, reached: false };
    }
    throw error;
  }
}

/**
 * The plug's reply as the platform's adapter takes it: under the first post, in the thread's
 * language, keyed on the plug's run so every attempt (a takeover after a crash included) is the same
 * post, found again rather than made twice (Mastodon's Idempotency-Key, Bluesky's record key from
 * the first claim's time, a lookup where the platform has neither).
 */
export function plugReplyPost(
  plug: PlugRecord,
  run: PublishRun,
  thread: Pick<Thread, 'language' | 'author' | 'sourceUrl' | 'title'>,
  now: Date,
  mayAlreadyExist: boolean,
): OutgoingPost {
  const first = run.made[0]!;
  const url = run.article?.url ?? thread.sourceUrl;
  return {
    text: plugText(thread.language, thread.author, url),
    // After the thread's own posts, so its record key and idempotency key never meet theirs.
    index: run.posts.length,
    total: run.posts.length + 1,
    root: first,
    parent: first,
    idempotencyKey: `plug-${plug.runId}`,
    runStartedAt: plug.claimedAt,
    now,
    mayAlreadyExist,
    article: { url, title: run.article?.title ?? thread.title, language: thread.language ?? null },
    images: [],
    linkCardImage: null,
    // The plug is the thread's last post now: the link (and Bluesky's card) goes on it.
    linkPlacement: 'credit-post',
    firstComment: null,
    quote: null,
    step: null,
    saveStep: async () => {},
  };
}

/** Replies once under the first post; the claim decides who replies, the reply's keys make a retry find its post. */
async function firePlug(
  plug: PlugRecord,
  run: PublishRun,
  connection: LiveConnection,
  now: Date,
): Promise<PlugCheckOutcome> {
  const claimed = await claimPlug(plug, randomUUID(), now.getTime() + PLUG_CLAIM_MS, now);
  if (!claimed) return 'claimed_elsewhere';
  const thread = await getThreadForUser(plug.userId, plug.threadId);
  if (!thread) {
    await endPlug(claimed.plug, 'cancelled', plugMessages.threadDeleted, now.toISOString());
    return 'cancelled';
  }
  let made: MadePost;
  try {
    made = await adapterFor(plug.platform).publishPost(
      connection,
      plugReplyPost(claimed.plug, run, thread, now, claimed.takeover),
    );
  } catch (error) {
    // A refusal no retry fixes (the first post deleted, replies closed) ends the plug with its reason;
    // anything else throws, and the check's retry takes the claim over once it has run out.
    if (!(error instanceof PlatformRejectedError)) throw error;
    await endPlug(claimed.plug, 'cancelled', error.message, now.toISOString());
    countBy('PlugRefused', { platform: plug.platform });
    return 'cancelled';
  }
  await markPlugFired(claimed.plug, { postId: made.id, url: made.url }, now.toISOString());
  countBy('PlugFired', { platform: plug.platform });
  return 'fired';
}

/**
 * A plug check came due: fires the plug when the first post passed its threshold, else schedules
 * the next check (or expires it after the last). A redelivered or raced check changes nothing: every
 * step is conditional on the state it read, and only one check wins the claim. A plug whose thread
 * or connection is gone is cancelled.
 */
export async function checkPlug(payload: PlugCheckPayload, now: Date): Promise<PlugCheckOutcome> {
  const plug = await getPlug(payload.userId, payload.threadId, payload.platform, payload.accountId ?? null);
  if (plug?.runId !== payload.runId) return 'stale';
  if (plug.state === 'fired' || plug.state === 'expired' || plug.state === 'cancelled') return 'done';
  if (plug.state === 'firing' && (plug.claimUntil ?? 0) > now.getTime()) {
    throw new PlugBusyError(`the ${payload.platform} plug of ${payload.threadId} is being fired`);
  }
  if (plug.state === 'armed' && payload.check < plug.checksDone) return 'already_checked';
  const [run, connection] = await Promise.all([
    getPublishRun(plug.userId, plug.threadId, plug.platform, plug.accountId),
    plugConnection(plug, now),
  ]);
  const first = run?.made[0];
  if (!run || !first) return cancelPlug(plug, plugMessages.threadDeleted, now);
  // Published again: the new run arms a plug of its own when it completes.
  if (run.runId !== plug.runId) return cancelPlug(plug, plugMessages.publishedAgain, now);
  if (connection === null) return cancelPlug(plug, plugMessages.disconnected, now);
  // A claim whose check stopped between deciding and recording: its reply is finished (found if made).
  if (plug.state === 'firing') {
    if (!connection) throw new PlugBusyError(`the ${payload.platform} connection cannot reply now`);
    return firePlug(plug, run, connection, now);
  }
  const read = connection ? await firstPostCount(plug, connection, first, now) : { count: null, reached: false };
  if (read.reached && connection) return firePlug(plug, run, connection, now);
  // Timed from the check delivered: one that stopped after scheduling its successor but before
  // recording itself leaves `checksDone` behind, and its successor carries on from the payload.
  const next = plugCheckAt(plug.completedAt, payload.check + 1);
  if (!next) {
    const ended = await endPlug(plug, 'expired', null, now.toISOString());
    if (ended) countBy('PlugExpired', { platform: plug.platform });
    return 'expired';
  }
  // The successor first, then the record: a check stopped between the two is redelivered, finds the
  // successor by its name, and records once.
  const at = await scheduleCheck(plug, payload.check + 1, next, now);
  await recordPlugCheck(
    plug,
    { checksDone: payload.check + 1, nextCheckAt: at.toISOString(), lastCount: read.count },
    now.toISOString(),
  );
  return 'not_yet';
}

import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { articleImageRefusal } from '#shared/article-image';
import { platformMessages } from '#shared/messages/connections';
import { altTextRequired, reconnectForPictures } from '#shared/messages/media';
import { workspaceMessages } from '#shared/messages/workspaces';
import { platformDisplayName } from '#shared/platforms';
import type { ImageLimits } from '#shared/publishing/image-limits';
import { firstCommentOf, type LinkPlacements, linkPlacementFor } from '#shared/publishing/link-placement';
import { altTextBlockers, platformMediaPlan } from '#shared/publishing/media-check';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import type { PlugChoice } from '#shared/publishing/plug';
import type { LaidOutPost } from '#shared/publishing/reflow';
import { languageTagSchema } from '#shared/schemas/article';
import type { PlatformPublishState, PublishRequest, PublishStatusResponse } from '#shared/schemas/publishing';
import { type ChosenAccounts, publishRequestSchema } from '#shared/schemas/publishing';
import { type Platform, type Post, platformSchema, type Thread } from '#shared/schemas/thread';
import { type ConnectionRecord, listConnectionsForUser } from '../../data/connection-repository';
import { listPlugsOfThread, type PlugRecord } from '../../data/plug-repository';
import {
  claimPublishRun,
  finishPublishRun,
  getPublishRun,
  listPublishRunsForThread,
  type MadePost,
  type PublishArticle,
  type PublishRun,
  recordPostMade,
  recordPostStep,
  recordQuoteRefused,
  releasePublishRun,
  resumeFailedRun,
  startFreshRun,
} from '../../data/publish-run-repository';
import {
  getThreadForUser,
  recordPlatformPost,
  setThreadLinkPlacements,
  setThreadPlug,
} from '../../data/thread-repository';
import { putAppEvent } from '../../lib/aws/eventbridge';
import { sendToQueue } from '../../lib/aws/sqs';
import { DomainError, ReconnectRequiredError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { isMessageOfDeletedAccount } from '../account/deleted-accounts';
import {
  AccountNotFoundError,
  assertPlatformsAvailable,
  loadLiveConnection,
  markAccountNeedsReconnect,
  NotConnectedError,
  resolveAccount,
} from '../connections/connections';
import { notifyWorkspace } from '../notifications/notify';
import { accountName } from '../platforms/account-ids';
import { adapterFor } from '../platforms/adapters';
import {
  type LiveConnection,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformError,
  PlatformRateLimitError,
  PlatformRejectedError,
  QuoteRefusedError,
  threadUrlOf,
} from '../platforms/platform-adapter';
import { queueWebmention } from '../public/webmention/notify-author';
import { type Acting, assertThreadAccess, UNKNOWN_ACTING } from '../threads/thread-access';
import { assertApproved } from '../workspaces/approval-check';
import { type CheckedQuote, checkedQuote } from './author-posts';
import { linkCardImageFor, outgoingImagesFor } from './outgoing-images';
import { isStalled, LEASE_MS, MAX_DELAY_SECONDS } from './run-lease';

/** Platforms are started this far apart (create flow / sharing panel), so their posts do not all land at once. */
export const STAGGER_MS = { create: 1000, panel: 500 } as const;
/** A platform that keeps answering 429 is given up on after this many waits. */
const MAX_RATE_LIMIT_WAITS = 10;

/** A platform that posts into a chosen place was asked for before one was chosen; nothing is queued. */
export class TargetRequiredError extends ValidationError {
  constructor(requiredMessage: string) {
    super(requiredMessage, 'target_required');
  }
}

/** One message per thread × platform. */
export const publishMessageSchema = z.object({
  userId: z.string().min(1),
  threadId: z.string().min(1),
  platform: platformSchema,
  /** The account posted to; absent on messages from before several accounts (the run's key has none). */
  accountId: z.string().min(1).nullable().optional(),
  runId: z.string().min(1),
  article: z.object({ url: z.string(), title: z.string(), language: languageTagSchema.nullable().optional() }),
  rateLimitWaits: z.number().int().nonnegative().default(0),
  /**
   * A 429's Retry-After longer than SQS can delay a message (15 minutes): until then the message is
   * only delayed again, in hops, and the platform is not called.
   */
  notBefore: z.string().optional(),
});
export type PublishMessage = z.infer<typeof publishMessageSchema>;

function toState(run: PublishRun, connections: readonly ConnectionRecord[]): PlatformPublishState {
  const account = accountOfRun(run, connections);
  return {
    platform: run.platform,
    accountId: run.accountId ?? account?.accountId ?? null,
    accountName: account ? accountName(account) : null,
    status: run.status,
    error: run.error,
    postUrl: run.postUrl,
    postsMade: run.made.length,
    postsTotal: run.posts.length,
    // A completed run is written last when its final post is recorded, so its updatedAt is when it was posted.
    completedAt: run.status === 'completed' ? run.updatedAt : null,
    quoteNote: run.quoteNote ?? null,
  };
}

/**
 * The connected account a run posts to, for its name: the one it names, else (a run from before
 * several accounts per platform) the platform's first connected account; undefined once removed.
 */
function accountOfRun(run: PublishRun, connections: readonly ConnectionRecord[]): ConnectionRecord | undefined {
  const ofPlatform = connections.filter((connection) => connection.platform === run.platform);
  return run.accountId
    ? ofPlatform.find((connection) => connection.accountId === run.accountId)
    : ofPlatform.find((connection) => connection.isConnected);
}

/** Each account's publishing state for one of the user's threads, each naming its account. */
export async function getPublishStatus(
  userId: string,
  threadId: string,
  now: Date,
  acting: Acting = UNKNOWN_ACTING,
): Promise<PublishStatusResponse> {
  await assertThreadAccess({ userId, ...acting, now }, threadId);
  const [runs, plugs, connections] = await Promise.all([
    listPublishRunsForThread(userId, threadId),
    listPlugsOfThread(userId, threadId),
    listConnectionsForUser(userId),
  ]);
  // A plug belongs to the run it was armed for (its runId): one per account's run.
  const plugOf = new Map(plugs.map((plug) => [plug.runId, plug]));
  return {
    threadId,
    platforms: runs.map((run) => ({ ...toState(run, connections), plug: plugViewOf(run, plugOf.get(run.runId)) })),
  };
}

/** The plug of the platform's latest run as its row shows it (a plug being fired shows as armed); null when none was armed. */
function plugViewOf(run: PublishRun, plug: PlugRecord | undefined): PlatformPublishState['plug'] {
  if (!plug || plug.runId !== run.runId) return null;
  return {
    state: plug.state === 'firing' ? 'armed' : plug.state,
    threshold: plug.threshold,
    firedUrl: plug.firedUrl,
  };
}

/**
 * Queues one message per chosen platform, staggered by SQS delays (whole seconds), after checking
 * every platform is enabled and connected (nothing is queued otherwise). Link placements chosen on
 * the share step are kept with the thread first, so this run and later ones (a scheduled fire)
 * place the link the same way. A failed platform
 * resumes where it stopped; one still under way is left alone unless it stalled (then it resumes
 * too); a completed one is posted anew.
 */
export async function requestPublish(
  userId: string,
  threadId: string,
  input: PublishRequest,
  now: Date,
  acting: Acting = UNKNOWN_ACTING,
): Promise<PublishStatusResponse> {
  const request = publishRequestSchema.parse(input);
  const stored = await assertThreadAccess({ userId, ...acting, now }, threadId);
  assertHasPosts(stored);
  await assertApproved(userId, stored, request.platforms);
  assertAltTextWritten(stored, request.platforms);
  await assertPlatformsAvailable(request.platforms);
  const targets = await chosenAccountTargets(userId, request.platforms, request.accounts);
  const connections = await Promise.all(
    targets.map(({ platform, accountId }) => connectionForPublishing(userId, platform, now, stored, accountId)),
  );
  const thread = await keepPlugChoice(await keepLinkPlacements(stored, request.linkPlacements), request.plug);
  let queued = 0;
  for (const [index, { platform, accountId }] of targets.entries()) {
    const delaySeconds = Math.ceil((queued * STAGGER_MS[request.origin]) / 1000);
    const quote = await checkedQuote(platform, connections[index]!, thread, request.quotes, now);
    const runId = await queuePlatformRun(userId, thread, platform, connections[index]!, now, {
      delaySeconds,
      quote,
      accountId,
    });
    if (runId) queued += 1;
  }
  return getPublishStatus(userId, threadId, now, acting);
}

/** One account to post to: a platform and the id of one of its connected accounts. */
export interface AccountTarget {
  platform: Platform;
  accountId: string;
}

/**
 * The accounts each platform posts to: those chosen (each must be one the workspace connected), else
 * the platform's only connected account. Several connected and none chosen is refused
 * (AccountChoiceRequiredError), as is an account not connected (NotConnectedError / AccountNotFoundError).
 */
export async function chosenAccountTargets(
  userId: string,
  platforms: readonly Platform[],
  chosen: ChosenAccounts | undefined,
): Promise<AccountTarget[]> {
  const targets: AccountTarget[] = [];
  for (const platform of platforms) {
    const ids = chosen?.[platform];
    if (ids?.length) {
      for (const accountId of ids) targets.push({ platform, accountId });
      continue;
    }
    const only = await resolveAccount(userId, platform, null, { strict: true });
    if (!only) throw new NotConnectedError(platform);
    targets.push({ platform, accountId: only.accountId });
  }
  return targets;
}

/**
 * Keeps the link placements chosen on the share step with the thread, over its earlier ones, so
 * every later run (a retry, a scheduled fire) places the link the same way; the thread with them.
 */
export async function keepLinkPlacements(thread: Thread, chosen: LinkPlacements | undefined): Promise<Thread> {
  if (!chosen) return thread;
  const linkPlacements = { ...thread.linkPlacements, ...chosen };
  await setThreadLinkPlacements(thread.userId, thread.id, linkPlacements);
  return { ...thread, linkPlacements };
}

/**
 * Keeps the plug chosen on the share step with the thread, so the run's completion (and a scheduled
 * fire's) arms it as chosen; the thread with it.
 */
export async function keepPlugChoice(thread: Thread, chosen: PlugChoice | undefined): Promise<Thread> {
  if (!chosen) return thread;
  await setThreadPlug(thread.userId, thread.id, chosen);
  return { ...thread, plug: chosen };
}

/** A thread with nothing to post is refused before anything is queued. */
export function assertHasPosts(thread: Thread): void {
  if (thread.posts.length === 0)
    throw new ValidationError('No posts to save. Please regenerate your thread.', 'no_posts');
}

/** Refuses, before anything is queued, pictures without alt text on platforms that show it. */
export function assertAltTextWritten(thread: Thread, platforms: readonly Platform[]): void {
  const blocker = altTextBlockers(thread.posts, platforms)[0];
  if (blocker) {
    const names = altTextBlockers(thread.posts, platforms).map(({ platform }) => platformDisplayName(platform));
    throw new ValidationError(altTextRequired(blocker.postNumbers, names), 'alt_text_required');
  }
}

/**
 * Refuses, before anything is queued, a thread whose pictures the platform would carry to a
 * connection whose grant predates pictures (X without media.write): only a reconnection adds it.
 */
export function assertPictureGrant(
  thread: Thread,
  platform: Platform,
  connection: Pick<LiveConnection, 'connectionData'>,
): void {
  const withPictures = platformMediaPlan(thread.posts, platform).some((plan) => plan.carried.length > 0);
  if (withPictures && adapterFor(platform).lacksPictureGrant?.(connection)) {
    throw new ValidationError(reconnectForPictures(platformDisplayName(platform)), 'reconnect_for_pictures');
  }
}

/**
 * The user's live connection to post the thread to, with its target chosen where the platform needs
 * one and a grant covering the thread's pictures: NotConnectedError, ReconnectRequiredError (a grant
 * to renew), TargetRequiredError or a `reconnect_for_pictures` ValidationError otherwise.
 */
export async function connectionForPublishing(
  userId: string,
  platform: Platform,
  now: Date,
  thread: Thread,
  accountId?: string | null,
): Promise<LiveConnection> {
  const connection = await loadLiveConnection(userId, platform, now, accountId);
  if (!connection) {
    if (accountId && !(await resolveAccount(userId, platform, accountId))) throw new AccountNotFoundError(platform);
    throw new NotConnectedError(platform);
  }
  const selection = adapterFor(platform).targetSelection;
  if (selection && !selection.selected(connection)) throw new TargetRequiredError(selection.requiredMessage);
  assertPictureGrant(thread, platform, connection);
  return connection;
}

/**
 * Starts one platform's run of the thread (or resumes a failed or stalled one) and queues it after
 * `delaySeconds`, the source link placed as the thread chose for the platform, else by its default.
 * `freshRunId` names a fresh run (a scheduled item's, so a second fire recognises it). Returns the run
 * id queued, or null when a run is already under way.
 */
export async function queuePlatformRun(
  userId: string,
  thread: Thread,
  platform: Platform,
  connection: LiveConnection,
  now: Date,
  options: { delaySeconds: number; freshRunId?: string; quote?: CheckedQuote; accountId?: string | null },
): Promise<string | null> {
  const accountId = options.accountId ?? null;
  const article = { url: thread.sourceUrl, title: thread.title, language: thread.language ?? null };
  const adapter = adapterFor(platform);
  const linkPlacement = linkPlacementFor(platform, thread.linkPlacements, connection.connectionData);
  const postTexts = thread.posts.map((post) => post.content);
  const format = async () => ({
    linkCard: adapter.suppliesLinkCardThumbnail ? linkCardOf(thread) : null,
    linkPlacement,
    firstComment: firstCommentOf(linkPlacement, postTexts),
    quote: options.quote?.quote ?? null,
    quoteNote: options.quote?.quoteNote ?? null,
    ...picturedLayout(
      layoutForPlatform(thread, platform, linkPlacement, await adapter.postRules(connection)),
      thread.posts,
      adapter.imageLimits,
    ),
  });
  const prepared = await prepareRun(userId, thread.id, platform, accountId, article, now, format, options.freshRunId);
  if (!prepared) return null;
  const { runId } = prepared;
  await sendToQueue(
    'publishing',
    {
      userId,
      threadId: thread.id,
      platform,
      accountId: prepared.accountId,
      runId,
      article,
      rateLimitWaits: 0,
    } satisfies PublishMessage,
    options.delaySeconds,
  );
  countBy('PublishAttempted', { platform });
  return runId;
}

/** Queues a message for a run that exists (a second message is harmless: one worker at a time holds the run). */
export async function queueExistingRun(run: PublishRun): Promise<void> {
  if (!run.article) return;
  const { userId, threadId, platform, accountId, runId, article } = run;
  await sendToQueue('publishing', {
    userId,
    threadId,
    platform,
    accountId,
    runId,
    article,
    rateLimitWaits: 0,
  } satisfies PublishMessage);
}

/**
 * The formatted posts and each one's pictures: those of the thread's posts that start in it, as
 * many as the platform takes on one post (the share step says which are left out).
 */
function picturedLayout(laidOut: LaidOutPost[], posts: readonly Post[], limits: ImageLimits) {
  return {
    posts: laidOut.map((post) => post.text),
    images: laidOut.map((post, position) =>
      post.starts
        .flatMap((index) => posts[index]?.media ?? [])
        .slice(0, position === 0 ? limits.maxPerPost : (limits.maxPerReply ?? limits.maxPerPost)),
    ),
  };
}

/** The article's picture for a link card's thumbnail, when the page has one and the publisher allows reusing it. */
function linkCardOf(thread: Thread): PublishRun['linkCard'] {
  const image = thread.articleImage;
  if (!image || articleImageRefusal(thread.rights)) return null;
  return { url: image.url, alt: image.alt ?? thread.title };
}

/** The run id to queue: a resumed failed or stalled run, a fresh one, or null when one is under way. */
async function prepareRun(
  userId: string,
  threadId: string,
  platform: Platform,
  accountId: string | null,
  article: PublishArticle,
  now: Date,
  format: () => Promise<
    Pick<PublishRun, 'posts' | 'images' | 'linkCard' | 'linkPlacement' | 'firstComment' | 'quote' | 'quoteNote'>
  >,
  freshRunId: string = randomUUID(),
): Promise<{ runId: string; accountId: string | null } | null> {
  const existing = await runToContinue(userId, threadId, platform, accountId);
  const continued = existing && { runId: existing.runId, accountId: existing.accountId ?? null };
  if (existing?.status === 'failed' && existing.made.length > 0) {
    return (await resumeFailedRun(existing, article, now.toISOString())) ? continued : null;
  }
  if (existing && isStalled(existing, now.getTime())) return continued;
  // A run from before several accounts still under way: nothing is started beside it.
  if (existing && (existing.accountId ?? null) !== accountId) return null;
  const run: PublishRun = {
    userId,
    threadId,
    platform,
    accountId,
    runId: freshRunId,
    status: 'pending',
    ...(await format()),
    made: [],
    error: null,
    postUrl: null,
    leaseUntil: null,
    startedAt: now.toISOString(),
    article,
    updatedAt: now.toISOString(),
  };
  return (await startFreshRun(run)) ? { runId: run.runId, accountId } : null;
}

/**
 * The account's run of the thread, or, when it has none, the platform's run from before several
 * accounts (no account in its key: the platform's first account's) if that is unfinished and this is
 * the first account, so a run left failed or stalled by the change is continued, not posted beside.
 */
async function runToContinue(
  userId: string,
  threadId: string,
  platform: Platform,
  accountId: string | null,
): Promise<PublishRun | null> {
  const own = await getPublishRun(userId, threadId, platform, accountId);
  if (own || !accountId) return own;
  const older = await getPublishRun(userId, threadId, platform, null);
  if (!older || older.status === 'completed' || (older.status === 'failed' && older.made.length === 0)) return null;
  return (await resolveAccount(userId, platform, null))?.accountId === accountId ? older : null;
}

// The thread's platform_posts is written before the row's final status, so whoever sees the row
// finished (the polling UI, a test) also sees the thread's record of it.
async function failRun(run: PublishRun, error: string, now: Date): Promise<void> {
  countBy('PublishFailed', { platform: run.platform });
  await recordPlatformPost(run.userId, run.threadId, run.platform, { posted: false }, now.toISOString());
  await finishPublishRun(run, { status: 'failed', error }, now.toISOString());
  // Whoever can publish in the thread's workspace hears of it (run.userId is the workspace's id).
  const platform = platformDisplayName(run.platform);
  await notifyWorkspace(
    run.userId,
    'write',
    {
      kind: 'publish_failed',
      text: workspaceMessages.notifications.publishFailed(run.article?.title ?? run.threadId, platform, error),
      subject: workspaceMessages.notifications.publishFailedSubject(platform),
      link: `/thread/${run.threadId}`,
    },
    now,
  );
}

/**
 * The worker's step: posts what is not yet made, storing each remote id at once, so a redelivery
 * resumes at the first post not made; nothing for a deleted account (the message is dropped). 429s re-queue the message with the platform's delay; a
 * refusal fails the row; other failures throw so SQS retries, and the last attempt fails the row
 * before the message goes to the DLQ.
 */
export async function runPublishMessage(
  message: PublishMessage,
  attempt: { receiveCount: number; maxReceiveCount: number },
  clock: () => Date = () => new Date(),
): Promise<void> {
  if (await isMessageOfDeletedAccount(message, 'publishing', clock())) return;
  const waitMs = message.notBefore ? Date.parse(message.notBefore) - clock().getTime() : 0;
  if (waitMs > 0) {
    await sendToQueue('publishing', message, Math.min(MAX_DELAY_SECONDS, Math.ceil(waitMs / 1000)));
    return;
  }
  const claimed = await claimPublishRun(message, clock().getTime(), LEASE_MS, clock().toISOString());
  if (!claimed) {
    const current = await getPublishRun(message.userId, message.threadId, message.platform, message.accountId ?? null);
    const underWay = current?.runId === message.runId && (current.status === 'pending' || current.status === 'posting');
    // Another delivery holds the run: look again once its lease has run out.
    if (underWay) {
      const waitMs = (current.leaseUntil ?? 0) - clock().getTime();
      await sendToQueue('publishing', message, Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(waitMs / 1000))));
    }
    return;
  }
  const { run, leaseRanOut } = claimed;
  const adapter = adapterFor(run.platform);
  let connection: LiveConnection | null;
  try {
    connection = await loadLiveConnection(run.userId, run.platform, clock(), run.accountId);
  } catch (error) {
    // A session that cannot be refreshed fails the row (or is retried) like a failed post.
    return handleFailure(run, message, error, { ...attempt, progressed: false }, clock());
  }
  if (!connection) return failRun(run, new NotConnectedError(run.platform).message, clock());
  const madeBefore = run.made.length;
  // Fetched once per delivery, and only when a post of this run is about to be made.
  let linkCardImage: Promise<OutgoingImage | null> | undefined;
  const linkCard = () => {
    linkCardImage ??= run.linkCard
      ? linkCardImageFor(run.linkCard.url, adapter.imageLimits, run.linkCard.alt)
      : Promise.resolve(null);
    return linkCardImage;
  };
  try {
    await adapter.beforeRun?.(connection, {
      remaining: run.posts.length - madeBefore,
      made: madeBefore,
      withPictures: (run.images ?? []).slice(madeBefore).some((images) => images.length > 0),
    });
    for (let index = run.made.length; index < run.posts.length; index += 1) {
      const made = await publishQuotingIfAllowed(adapter, connection, run, clock(), {
        text: run.posts[index]!,
        index,
        total: run.posts.length,
        root: run.made[0] ?? null,
        parent: run.made[index - 1] ?? null,
        idempotencyKey: `${run.runId}-${index}`,
        runStartedAt: run.startedAt,
        now: clock(),
        // A redelivery, or a run whose last worker stopped holding it: that worker may have made
        // this post without recording it.
        mayAlreadyExist: (attempt.receiveCount > 1 || leaseRanOut) && index === madeBefore,
        article: message.article,
        images: await outgoingImagesFor(run.userId, run.images?.[index] ?? [], adapter.imageLimits, run.platform),
        linkCardImage: await linkCard(),
        // Runs stored before placements linked the credit post only.
        linkPlacement: run.linkPlacement ?? 'credit-post',
        firstComment: index === 0 ? (run.firstComment ?? null) : null,
        // The credit post (the last) quotes the author's post the run was started with.
        quote: index === run.posts.length - 1 ? (run.quote ?? null) : null,
        step: run.step?.index === index ? run.step.data : null,
        saveStep: async (data) => {
          run.step = { index, data };
          await recordPostStep(run, run.step, clock().toISOString());
        },
      });
      await recordPostMade(run, index, made, clock().toISOString());
      run.made.push(made);
    }
  } catch (error) {
    return handleFailure(run, message, error, { ...attempt, progressed: run.made.length > madeBefore }, clock());
  }
  const postUrl = threadUrlOf(adapter, connection, run.made);
  await recordPlatformPost(
    run.userId,
    run.threadId,
    run.platform,
    { posted: true, ...(postUrl ? { postUrl } : {}) },
    clock().toISOString(),
  );
  const completedAt = clock().toISOString();
  await finishPublishRun(run, { status: 'completed', postUrl }, completedAt);
  countBy('PublishCompleted', { platform: run.platform });
  // A published public thread tells the article's author (once per content, whatever the platforms).
  const published = await getThreadForUser(run.userId, run.threadId);
  if (published) await queueWebmention(published);
  await announcePublished(run, completedAt);
}

/**
 * Makes the post; a quote the platform refuses (a deleted post, the author's quote policy) is dropped
 * with the reason on the run, and the credit made plain: a refused quote never fails the run.
 */
async function publishQuotingIfAllowed(
  adapter: PlatformAdapter,
  connection: LiveConnection,
  run: PublishRun,
  now: Date,
  post: OutgoingPost,
): Promise<MadePost> {
  if (!post.quote) return adapter.publishPost(connection, post);
  try {
    return await adapter.publishPost(connection, post);
  } catch (error) {
    if (!(error instanceof QuoteRefusedError)) throw error;
    await recordQuoteRefused(run, error.message, now.toISOString());
    run.quote = null;
    run.quoteNote = error.message;
    return adapter.publishPost(connection, { ...post, quote: null });
  }
}

/**
 * Puts ThreadPublished on the app's bus, whose rule plans the run's engagement readings. The run is
 * already completed and a redelivery would not repeat this, so a bus that refuses is logged (and
 * counted), never a failure of the publish.
 */
async function announcePublished(run: PublishRun, completedAt: string): Promise<void> {
  const { userId, threadId, platform, accountId, runId } = run;
  try {
    await putAppEvent('ThreadPublished', { userId, threadId, platform, accountId, runId, completedAt });
  } catch (error) {
    countBy('ThreadPublishedNotPut', { platform });
    logger.error('ThreadPublished was not put on the bus', {
      platform,
      threadId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The message that waits out a 429 and its delay: SQS delays at most 15 minutes, so a longer
 * Retry-After also rides in the message as `notBefore`, and the platform is called no earlier.
 */
export function rateLimitRetry(
  message: PublishMessage,
  retryAfterSeconds: number,
  now: Date,
): [message: PublishMessage, delaySeconds: number] {
  const { notBefore: _earlier, ...rest } = message;
  const retry = { ...rest, rateLimitWaits: message.rateLimitWaits + 1 };
  if (retryAfterSeconds <= MAX_DELAY_SECONDS) return [retry, retryAfterSeconds];
  return [{ ...retry, notBefore: new Date(now.getTime() + retryAfterSeconds * 1000).toISOString() }, MAX_DELAY_SECONDS];
}

async function handleFailure(
  run: PublishRun,
  message: PublishMessage,
  error: unknown,
  attempt: { receiveCount: number; maxReceiveCount: number; progressed: boolean },
  now: Date,
): Promise<void> {
  logger.warn('publishing step failed', {
    platform: run.platform,
    threadId: run.threadId,
    postsMade: run.made.length,
    error: error instanceof Error ? error.message : String(error),
  });
  if (error instanceof PlatformRateLimitError) countBy('RateLimited', { platform: run.platform });
  if (error instanceof PlatformRateLimitError && message.rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
    await releasePublishRun(run, now.toISOString());
    await sendToQueue('publishing', ...rateLimitRetry(message, error.retryAfterSeconds, now));
    return;
  }
  const shown =
    error instanceof PlatformError || error instanceof DomainError
      ? error.message
      : platformMessages.unknownPostingError;
  if (error instanceof ReconnectRequiredError) {
    // The platform refused the token itself: the card offers Reconnect and later publishes are refused up front.
    await markAccountNeedsReconnect(run.userId, run.platform, run.accountId, now);
  }
  const refused = error instanceof DomainError && error.status < 500;
  if (refused || error instanceof PlatformRejectedError || error instanceof PlatformRateLimitError) {
    return failRun(run, shown, now);
  }
  if (attempt.progressed) {
    // Posts were made on this attempt: a fresh message, so only failures without progress count
    // towards the DLQ (a long thread meeting scattered 5xx still completes).
    await releasePublishRun(run, now.toISOString());
    await sendToQueue('publishing', message, 1);
    return;
  }
  if (attempt.receiveCount >= attempt.maxReceiveCount) {
    await failRun(run, shown, now);
  } else {
    await releasePublishRun(run, now.toISOString());
  }
  // Thrown so SQS redelivers (or, after the last attempt, moves the message to the DLQ).
  throw error;
}

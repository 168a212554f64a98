/**
 * A client's review link: an editor makes a signed (unguessable: 32 random bytes), expiring, revocable
 * link to one version of a thread; whoever holds it sees that version as it will post on each platform
 * the editor chose (the publisher's own layout), beside its passages and checks, and may approve it or
 * request changes once, through the review service as a reviewer would.
 * It grants nothing else: it names no other thread and no workspace data. Only the token's SHA-256 is
 * stored. Every use (the view, the decision) goes into the workspace's activity log; its refusals
 * (unknown, expired, revoked, used, outdated) write nothing but the rate counters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { workspaceMessages } from '#shared/messages/workspaces';
import { firstCommentOf, linkPlacementFor } from '#shared/publishing/link-placement';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import { postRulesOfConnection } from '#shared/publishing/platform-rules';
import {
  type ClientReview,
  type CreateReviewLinkRequest,
  REVIEW_LINK_DECISIONS_PER_HOUR,
  REVIEW_LINK_DEFAULT_DAYS,
  REVIEW_LINK_VIEWS_PER_HOUR,
  type ReviewDecision,
  type ReviewLinkState,
  type ReviewLinkView,
} from '#shared/schemas/review-link';
import type { Platform, Thread } from '#shared/schemas/thread';
import { directiveUrl, textDirective } from '#shared/text-fragment';
import { threadVersion } from '#shared/workspaces/thread-version';
import { type ConnectionRecord, listConnectionsForUser } from '../../data/connection-repository';
import { HOUR_MS, takeWindowBudget as take } from '../../data/rate-limit-repository';
import {
  claimReviewLink,
  findReviewLinkByTokenHash,
  listReviewLinksOfThread,
  revokeReviewLink as markRevoked,
  putReviewLink,
  type ReviewLinkRecord,
} from '../../data/review-link-repository';
import { listUpcomingItemsOfThread } from '../../data/scheduled-item-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { config } from '../../lib/config';
import { NotFoundError, ReviewLinkRefusedError, ValidationError } from '../../lib/errors';
import { approveThread, type ReviewActor, recordActivity, requestChanges, threadOf } from './reviews';

const messages = workspaceMessages.reviewLink;

/** The hash a review link's token is stored and found by. */
export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function stateOf(link: ReviewLinkRecord, now: Date): ReviewLinkState {
  if (link.usedAt) return 'used';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt <= now.toISOString()) return 'expired';
  return 'active';
}

function linkView(link: ReviewLinkRecord, now: Date): ReviewLinkView {
  const { workspaceId: _workspace, threadId: _thread, ...fields } = link;
  return { ...fields, state: stateOf(link, now) };
}

/**
 * The platforms a link shows when its maker names none: those the thread's upcoming scheduled and
 * queued items will post to (what the client's approval releases), else every platform the workspace
 * has connected; none when there is neither.
 */
export async function defaultReviewPlatforms(workspaceId: string, threadId: string): Promise<Platform[]> {
  const upcoming = (await listUpcomingItemsOfThread(workspaceId, threadId)).filter(
    (item) => item.status === 'scheduled' || item.status === 'firing',
  );
  const scheduled = [...new Set(upcoming.flatMap((item) => item.platforms))];
  if (scheduled.length > 0) return scheduled;
  return (await listConnectionsForUser(workspaceId))
    .filter((connection) => connection.isConnected)
    .map((connection) => connection.platform);
}

/** POST /api/threads/{threadId}/review-links: a new link to the thread as it is now; its token only in the URL. */
export async function createReviewLink(
  actor: ReviewActor,
  threadId: string,
  request: CreateReviewLinkRequest,
  found: Thread | null,
): Promise<{ linkId: string; url: string; expiresAt: string; platforms: Platform[] }> {
  const thread = await threadOf(actor, threadId, found);
  if (thread.posts.length === 0) throw new ValidationError(apiErrorMessages.no_posts, 'no_posts');
  const platforms = request.platforms ?? (await defaultReviewPlatforms(actor.access.workspaceId, threadId));
  if (platforms.length === 0) throw new ValidationError(messages.platformsRequired);
  const token = randomBytes(32).toString('base64url');
  const link: ReviewLinkRecord = {
    workspaceId: actor.access.workspaceId,
    threadId,
    linkId: randomBytes(12).toString('base64url'),
    version: threadVersion(thread.posts),
    platforms,
    createdAt: actor.now.toISOString(),
    createdBy: actor.email,
    expiresAt: new Date(
      actor.now.getTime() + (request.expiresInDays ?? REVIEW_LINK_DEFAULT_DAYS) * 86_400_000,
    ).toISOString(),
    revokedAt: null,
    usedAt: null,
    decision: null,
  };
  await putReviewLink(link, hashReviewToken(token));
  await recordActivity(actor, 'review_link_created', thread, `Valid until ${link.expiresAt.slice(0, 10)}`);
  const url = new URL(`/review/${encodeURIComponent(token)}`, config().appPublicUrl).href;
  return { linkId: link.linkId, url, expiresAt: link.expiresAt, platforms };
}

/** GET /api/threads/{threadId}/review-links: the thread's links and their states, oldest first (no tokens). */
export async function listReviewLinks(
  actor: ReviewActor,
  threadId: string,
  found: Thread | null,
): Promise<{ links: ReviewLinkView[] }> {
  await threadOf(actor, threadId, found);
  const links = await listReviewLinksOfThread(actor.access.workspaceId, threadId);
  return { links: links.map((link) => linkView(link, actor.now)) };
}

/** DELETE /api/threads/{threadId}/review-links/{linkId}: the link stops working at once. */
export async function revokeReviewLink(
  actor: ReviewActor,
  threadId: string,
  linkId: string,
  found: Thread | null,
): Promise<void> {
  const thread = await threadOf(actor, threadId, found);
  if (!(await markRevoked(actor.access.workspaceId, threadId, linkId, actor.now)))
    throw new NotFoundError(messages.notFound, 'review_link_not_found');
  await recordActivity(actor, 'review_link_revoked', thread);
}

/** Who uses a link: the caller's address and agent, when. */
export interface LinkVisitor {
  sourceIp: string;
  userAgent: string;
  now: Date;
}

/**
 * Counts one use against the link's budget and the address's (each per hour), before the link is
 * even looked up, so guessing tokens from one address is limited too. Answers 429 with Retry-After.
 */
async function takeUse(kind: 'view' | 'decision', tokenHash: string, visitor: LinkVisitor): Promise<void> {
  const limit = kind === 'view' ? REVIEW_LINK_VIEWS_PER_HOUR : REVIEW_LINK_DECISIONS_PER_HOUR;
  const message = messages.rateLimited;
  await take(`REVIEW_LINK#${tokenHash}`, `review-link-${kind}`, HOUR_MS, limit, message, visitor.now);
  await take(`REVIEW_IP#${visitor.sourceIp || 'unknown'}`, `review-link-${kind}`, HOUR_MS, limit, message, visitor.now);
}

/** The link and its thread, or the refusal: unknown, expired, revoked, or the thread changed since. */
async function usableLink(
  token: string,
  visitor: LinkVisitor,
  allowUsed: boolean,
): Promise<{ link: ReviewLinkRecord; thread: Thread }> {
  const link = await findReviewLinkByTokenHash(hashReviewToken(token));
  if (!link) throw new ReviewLinkRefusedError('review_link_invalid');
  const state = stateOf(link, visitor.now);
  if (state === 'revoked') throw new ReviewLinkRefusedError('review_link_revoked');
  if (state === 'used' && !allowUsed) throw new ReviewLinkRefusedError('review_link_used');
  if (state === 'expired') throw new ReviewLinkRefusedError('review_link_expired');
  // The thread is read in the link's own workspace by the id the link names: nothing else is reachable.
  const thread = await getThreadForUser(link.workspaceId, link.threadId);
  if (!thread) throw new ReviewLinkRefusedError('review_link_invalid');
  // Scoped to one version: once the thread changed, even a used link shows nothing of the new text.
  if (threadVersion(thread.posts) !== link.version) throw new ReviewLinkRefusedError('review_link_outdated');
  return { link, thread };
}

/** The acting party the review service records for a client: no account, named by the link. */
function clientActor(link: ReviewLinkRecord, name: string | undefined, visitor: LinkVisitor): ReviewActor {
  return {
    userId: `review-link:${link.linkId}`,
    email: messages.clientName(name || undefined),
    access: { workspaceId: link.workspaceId, role: 'reviewer' },
    userAgent: visitor.userAgent,
    now: visitor.now,
    client: true,
  };
}

/**
 * Each platform's posts as the publisher will lay them out: the link placed as the thread chose (else
 * the default for the workspace's connection), the connection's limits, each post naming the thread's
 * posts that start in it.
 */
function platformVersions(
  thread: Thread,
  platforms: readonly Platform[],
  connections: readonly ConnectionRecord[],
): ClientReview['platforms'] {
  return platforms.map((platform) => {
    const connectionData = connections.find((connection) => connection.platform === platform)?.connectionData ?? {};
    const linkPlacement = linkPlacementFor(platform, thread.linkPlacements, connectionData);
    const laidOut = layoutForPlatform(thread, platform, linkPlacement, postRulesOfConnection(platform, connectionData));
    return {
      platform,
      linkPlacement,
      posts: laidOut.map((post) => ({
        text: post.text,
        postIds: post.starts.flatMap((index) => thread.posts[index]?.id ?? []),
      })),
      firstComment: firstCommentOf(
        linkPlacement,
        thread.posts.map((post) => post.content),
      ),
    };
  });
}

async function clientView(thread: Thread, link: ReviewLinkRecord, now: Date): Promise<ClientReview> {
  // A link made before platforms were chosen shows what a new link would.
  const platforms =
    link.platforms.length > 0 ? link.platforms : await defaultReviewPlatforms(link.workspaceId, link.threadId);
  const connections = await listConnectionsForUser(link.workspaceId);
  return {
    state: stateOf(link, now),
    expiresAt: link.expiresAt,
    decision: link.decision,
    title: thread.title,
    article: { url: thread.sourceUrl, title: thread.title, author: thread.author ?? null },
    posts: thread.posts.map((post) => {
      // The directive checked against the page at generation; older threads name the passage's ends.
      const directive = post.sourceFragment !== undefined ? post.sourceFragment : textDirective(post.source ?? '');
      return {
        id: post.id,
        text: post.content,
        source: post.source ?? null,
        sourceUrl: post.source && directive ? directiveUrl(thread.sourceUrl, directive) : null,
        check: post.check ?? null,
      };
    }),
    platforms: platformVersions(thread, platforms, connections),
  };
}

/** GET /api/review/{token}: the version the link names, as it will post, and the link's state; logged. */
export async function viewByReviewLink(token: string, visitor: LinkVisitor): Promise<ClientReview> {
  await takeUse('view', hashReviewToken(token), visitor);
  const { link, thread } = await usableLink(token, visitor, true);
  await recordActivity(clientActor(link, undefined, visitor), 'review_link_viewed', thread);
  return await clientView(thread, link, visitor.now);
}

/**
 * POST /api/review/{token}/decision: approves the link's version or requests changes with a comment,
 * once, as a reviewer's step (logged by the review service), and tells the workspace's editors.
 */
export async function decideByReviewLink(
  token: string,
  decision: ReviewDecision,
  visitor: LinkVisitor,
): Promise<ClientReview> {
  await takeUse('decision', hashReviewToken(token), visitor);
  const { link, thread } = await usableLink(token, visitor, false);
  if (!(await claimReviewLink(link, decision.decision, visitor.now)))
    throw new ReviewLinkRefusedError('review_link_used');
  const actor = clientActor(link, decision.name, visitor);
  // The review service records the step and tells the workspace's writers, as for a member's decision.
  if (decision.decision === 'approve') await approveThread(actor, link.threadId, link.version, thread);
  else await requestChanges(actor, link.threadId, { version: link.version, comment: decision.comment ?? '' }, thread);
  return await clientView(
    thread,
    { ...link, usedAt: visitor.now.toISOString(), decision: decision.decision },
    visitor.now,
  );
}

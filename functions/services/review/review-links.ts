/**
 * A client's review link: an editor makes a signed (unguessable: 32 random bytes), expiring, revocable
 * link to one version of a thread; whoever holds it sees that version as it will post on each platform
 * and account the editor chose (the publisher's own layout, with each account's own limits), beside its passages and checks, and may approve it or
 * request changes once, through the review service as a reviewer would.
 * It grants nothing else: it names no other thread and no workspace data. Only the token's SHA-256 is
 * stored. Every use (the view, the decision) goes into the workspace's activity log; its refusals
 * (unknown, expired, revoked, used, outdated) write nothing but the rate counters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { connectionFormMessages } from '#shared/messages/connections';
import { workspaceMessages } from '#shared/messages/workspaces';
import { platformDisplayName } from '#shared/platforms';
import { firstCommentOf, linkPlacementFor } from '#shared/publishing/link-placement';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import { postRulesOfConnection } from '#shared/publishing/platform-rules';
import type { ChosenAccounts } from '#shared/schemas/publishing';
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
import { accountName } from '../platforms/account-ids';
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

/** What a link shows: its platforms in order and, per platform, the accounts it posts as. */
interface ReviewTargets {
  platforms: Platform[];
  accounts: ChosenAccounts;
}

const connectedOf = (connections: readonly ConnectionRecord[], platform: Platform) =>
  connections.filter((connection) => connection.platform === platform && connection.isConnected);

/** Adds platforms and accounts to `into` in the order met, each once. */
function addTargets(into: ReviewTargets, platform: Platform, accountIds: readonly string[]): void {
  if (!into.platforms.includes(platform)) into.platforms.push(platform);
  const accounts = into.accounts as Partial<Record<Platform, string[]>>;
  for (const id of accountIds) {
    const ids = accounts[platform] ?? [];
    if (!ids.includes(id)) accounts[platform] = [...ids, id];
  }
}

/**
 * The accounts a link shows when its maker names none: those the thread's upcoming scheduled and
 * queued items will post to (each item's chosen account, else the platform's first connected one:
 * what the client's approval releases), else every account the workspace has connected; none when
 * there is neither. A scheduled platform with no account connected still shows (laid out by default).
 */
export async function defaultReviewTargets(
  workspaceId: string,
  threadId: string,
  connections: readonly ConnectionRecord[],
): Promise<ReviewTargets> {
  const upcoming = (await listUpcomingItemsOfThread(workspaceId, threadId)).filter(
    (item) => item.status === 'scheduled' || item.status === 'firing',
  );
  const targets: ReviewTargets = { platforms: [], accounts: {} };
  for (const item of upcoming)
    for (const platform of item.platforms) {
      // An item names one account per platform (or, once items post to several, a list of them).
      const named: string[] = [item.accounts?.[platform] ?? []].flat();
      const first = connectedOf(connections, platform)[0];
      addTargets(targets, platform, named.length > 0 ? named : first ? [first.accountId] : []);
    }
  if (targets.platforms.length > 0) return targets;
  for (const connection of connections.filter((each) => each.isConnected))
    addTargets(targets, connection.platform, [connection.accountId]);
  return targets;
}

/**
 * The accounts a new link shows: the chosen ones (each must be a connected account of the workspace,
 * else 404 `account_not_found`), and for a platform named without accounts each of its connected
 * accounts; with nothing chosen, the default (defaultReviewTargets).
 */
async function chosenReviewTargets(
  workspaceId: string,
  threadId: string,
  request: CreateReviewLinkRequest,
  connections: readonly ConnectionRecord[],
): Promise<ReviewTargets> {
  if (!request.platforms && !request.accounts) return defaultReviewTargets(workspaceId, threadId, connections);
  const targets: ReviewTargets = { platforms: [], accounts: {} };
  const named = Object.keys(request.accounts ?? {}) as Platform[];
  for (const platform of [...(request.platforms ?? []), ...named]) {
    const connected = connectedOf(connections, platform);
    const ids = request.accounts?.[platform] ?? [];
    if (ids.some((id) => !connected.some((connection) => connection.accountId === id)))
      throw new NotFoundError(
        connectionFormMessages.accountNotFound(platformDisplayName(platform)),
        'account_not_found',
      );
    addTargets(targets, platform, ids.length > 0 ? ids : connected.map((connection) => connection.accountId));
  }
  return targets;
}

/** POST /api/threads/{threadId}/review-links: a new link to the thread as it is now; its token only in the URL. */
export async function createReviewLink(
  actor: ReviewActor,
  threadId: string,
  request: CreateReviewLinkRequest,
  found: Thread | null,
): Promise<{ linkId: string; url: string; expiresAt: string; platforms: Platform[]; accounts: ChosenAccounts }> {
  const thread = await threadOf(actor, threadId, found);
  if (thread.posts.length === 0) throw new ValidationError(apiErrorMessages.no_posts, 'no_posts');
  const connections = await listConnectionsForUser(actor.access.workspaceId);
  const { platforms, accounts } = await chosenReviewTargets(actor.access.workspaceId, threadId, request, connections);
  if (platforms.length === 0) throw new ValidationError(messages.platformsRequired);
  const token = randomBytes(32).toString('base64url');
  const link: ReviewLinkRecord = {
    workspaceId: actor.access.workspaceId,
    threadId,
    linkId: randomBytes(12).toString('base64url'),
    version: threadVersion(thread.posts),
    platforms,
    accounts,
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
  return { linkId: link.linkId, url, expiresAt: link.expiresAt, platforms, accounts };
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

/** One section of the client's page: a platform, the connection it posts as, and the account it names (null: a platforms-only link). */
interface ReviewSection {
  platform: Platform;
  connection: ConnectionRecord | undefined;
  account: { id: string; name: string } | null;
}

/**
 * The link's sections in its order: one per account it names (a removed account keeps its id as its
 * name and the platform's default limits); a platform it names without accounts (a link made before
 * accounts were named) is one section laid out for the platform's first connection, as it was.
 */
function sectionsOf(targets: ReviewTargets, connections: readonly ConnectionRecord[]): ReviewSection[] {
  return targets.platforms.flatMap((platform): ReviewSection[] => {
    const ofPlatform = connections.filter((connection) => connection.platform === platform);
    const ids = targets.accounts[platform] ?? [];
    if (ids.length === 0) return [{ platform, connection: ofPlatform[0], account: null }];
    return ids.map((id) => {
      const connection = ofPlatform.find((each) => each.accountId === id);
      return { platform, connection, account: { id, name: connection ? accountName(connection) : id } };
    });
  });
}

/**
 * Each section's posts as the publisher will lay them out: the link placed as the thread chose (else
 * the default for that connection), that connection's own limits (a Mastodon server's post length),
 * each post naming the thread's posts that start in it.
 */
function platformVersions(thread: Thread, sections: readonly ReviewSection[]): ClientReview['platforms'] {
  return sections.map(({ platform, connection, account }) => {
    const connectionData = connection?.connectionData ?? {};
    const linkPlacement = linkPlacementFor(platform, thread.linkPlacements, connectionData);
    const laidOut = layoutForPlatform(thread, platform, linkPlacement, postRulesOfConnection(platform, connectionData));
    return {
      platform,
      account,
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
  const connections = await listConnectionsForUser(link.workspaceId);
  // A link made before platforms were chosen shows what a new link would; one made with platforms only, those.
  const targets =
    link.platforms.length > 0
      ? { platforms: link.platforms, accounts: link.accounts ?? {} }
      : await defaultReviewTargets(link.workspaceId, link.threadId, connections);
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
    platforms: platformVersions(thread, sectionsOf(targets, connections)),
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

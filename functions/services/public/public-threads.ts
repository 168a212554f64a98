import { randomBytes } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { publicPageMessages } from '#shared/messages/public';
import {
  publicThreadPath,
  type ThreadVisibility,
  type ThreadVisibilityRequest,
  type ThreadWebmention,
} from '#shared/schemas/public';
import type { Thread } from '#shared/schemas/thread';
import { normaliseUrl, validateArticleUrl } from '#shared/url';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { getDisplayName, getDisplayNames } from '../../data/account-repository';
import {
  deletePublicThreadEntry,
  findPublicThread,
  getThreads,
  listPublicThreadsAboutArticle,
  putPublicThreadEntry,
  setThreadVisibility,
} from '../../data/public-thread-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { getWorkspaceNames } from '../../data/workspace-repository';
import { ConflictError } from '../../lib/errors';
import { type AccountIdentity, saveDisplayName } from '../account/accounts';
import { ACCESS_REFUSALS, type AccessContext, recordThreadEvent, refuseThreadAccess } from '../threads/thread-access';
import { type AboutArticleEntry, renderAboutArticle, renderNotFound, renderPublicThread } from './pages/render-pages';
import { publicPageUrl, queueWebmention, webmentionContentHash } from './webmention/notify-author';

/** The most threads /about-article lists. */
export const ABOUT_ARTICLE_LIMIT = 50;
// Read when an id names no thread, so a guessed id costs the same reads as a private one.
const NO_ONE = '-';

/** A new public id: 128 random bits, base64url (22 characters). */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** An article URL as the public-thread index keys it (validated, normalised), or null when it is not one. */
export function articleIndexUrl(url: string): string | null {
  const checked = validateArticleUrl(url);
  return checked.ok ? normaliseUrl(checked.url) : null;
}

function visibilityOf(thread: Thread): ThreadVisibility {
  const publicId = thread.publicId ?? null;
  return {
    isPublic: thread.isPublic === true,
    allowIndexing: thread.allowIndexing === true,
    publicId,
    publicPath: thread.isPublic && publicId ? publicThreadPath(publicId) : null,
  };
}

/** Making a thread public before the curator chose the name its page will show (the web asks for it). */
export class DisplayNameRequiredError extends ConflictError {
  constructor() {
    super(apiErrorMessages.display_name_required, 'display_name_required');
  }
}

/**
 * Makes the caller's thread public or private (404 when they own none with that id: ownership is
 * part of the key; the refusal is logged as the thread routes log theirs, the change as
 * `thread_visibility_changed`). The thread is written first, then its lookup entry, so a repeat
 * after a crash finishes the job; the page trusts only the thread. Made public, its author is told
 * (Webmention). Making one public needs the curator's display name, chosen before or sent along
 * (then kept as the account's, once the thread is known to be theirs): without one, 409
 * `display_name_required` and nothing changes.
 */
export async function setVisibility(
  context: AccessContext,
  threadId: string,
  request: ThreadVisibilityRequest,
  curator: AccountIdentity,
): Promise<ThreadVisibility> {
  // A team's threads are curated in the team's name, which it always has.
  if (
    request.isPublic &&
    !request.displayName &&
    !isTeamWorkspaceId(context.userId) &&
    !(await getDisplayName(context.userId))
  ) {
    // Someone else's or no thread is a 404 all the same; only the owner hears about the name.
    if (!(await getThreadForUser(context.userId, threadId)))
      return refuseThreadAccess(context, threadId, ACCESS_REFUSALS, 'not_found');
    throw new DisplayNameRequiredError();
  }
  const thread = await setThreadVisibility(
    context.userId,
    threadId,
    {
      isPublic: request.isPublic,
      allowIndexing: request.isPublic && request.allowIndexing,
      newPublicId: newPublicId(),
    },
    context.now.toISOString(),
  );
  if (!thread?.publicId) return refuseThreadAccess(context, threadId, ACCESS_REFUSALS, 'not_found');
  if (thread.isPublic && request.displayName) await saveDisplayName(curator, request.displayName, context.now);
  if (thread.isPublic) {
    await putPublicThreadEntry(thread, thread.publicId, articleIndexUrl(thread.sourceUrl) ?? thread.sourceUrl);
    await queueWebmention(thread);
  } else {
    await deletePublicThreadEntry(context.userId, threadId);
  }
  const visibility = visibilityOf(thread);
  await recordThreadEvent(context, 'thread_visibility_changed', {
    threadId,
    isPublic: visibility.isPublic,
    allowIndexing: visibility.allowIndexing,
  });
  return visibility;
}

/**
 * The caller's thread's visibility and Webmention state, for the thread page to poll (404 for
 * someone else's or no thread, logged as a refused read). It carries no content, so unlike a
 * thread read it records nothing when it succeeds (a poll would bury the security log).
 */
export async function threadWebmention(context: AccessContext, threadId: string): Promise<ThreadWebmention> {
  const thread = await getThreadForUser(context.userId, threadId);
  if (!thread) return refuseThreadAccess(context, threadId, ACCESS_REFUSALS, 'not_found');
  const visibility = visibilityOf(thread);
  const webmention = thread.webmention ?? null;
  const settled =
    webmention !== null &&
    webmention.state !== 'pending' &&
    webmention.target === thread.sourceUrl &&
    webmention.contentHash === webmentionContentHash(thread);
  return { visibility, webmention, awaiting: visibility.isPublic && !settled };
}

/**
 * The curators as public pages name them, by the id of the workspace that owns each thread, read at
 * render time (the name only) so a change shows on the next view. A person's thread: the display
 * name they chose. A team's thread: the team's name, because a reader meets the thread as the
 * team's work (the newsroom's, the agency's), it stays right when the member who published it
 * leaves, and a member's own name goes on no team's page they did not choose. Without a name, none
 * at all; never anything taken from an email.
 */
async function curatorNames(ownerIds: string[]): Promise<Map<string, string | null>> {
  const teams = ownerIds.filter(isTeamWorkspaceId);
  const [people, teamNames] = await Promise.all([
    getDisplayNames(ownerIds.filter((id) => !isTeamWorkspaceId(id))),
    teams.length > 0 ? getWorkspaceNames(teams) : new Map<string, string>(),
  ]);
  return new Map([...people, ...teamNames]);
}

async function curatorOf(ownerId: string): Promise<string> {
  return (await curatorNames([ownerId])).get(ownerId) ?? publicPageMessages.someCurator;
}

/** A rendered page and its status. */
export interface RenderedPage {
  status: number;
  html: string;
}

/**
 * The page of `/t/{publicId}`: the thread when it is public under that id, else a 404 page. An id
 * that names nothing reads a thread and a display name all the same, so it answers in the time a
 * private one does.
 */
export async function publicThreadPage(publicId: string): Promise<RenderedPage> {
  const pageUrl = publicPageUrl(encodeURIComponent(publicId));
  const ref = await findPublicThread(publicId);
  const thread = await getThreadForUser(ref?.userId ?? NO_ONE, ref?.threadId ?? NO_ONE);
  const curator = await curatorOf(thread?.userId ?? NO_ONE);
  if (!thread?.isPublic || thread.publicId !== publicId) return { status: 404, html: renderNotFound(pageUrl) };
  return { status: 200, html: renderPublicThread({ thread, curator, pageUrl }) };
}

/** The page of `/about-article?url=…`: every public thread about that article, newest first. */
export async function aboutArticlePage(rawUrl: string | undefined, pageUrl: string): Promise<RenderedPage> {
  const articleUrl = rawUrl ? articleIndexUrl(rawUrl) : null;
  if (!articleUrl) return { status: rawUrl ? 400 : 200, html: renderAboutArticle(null, [], pageUrl) };
  const refs = await listPublicThreadsAboutArticle(articleUrl, ABOUT_ARTICLE_LIMIT);
  // The threads themselves say what is public now (an entry may outlive a thread made private mid-way).
  const threads = (await getThreads(refs)).filter((thread) => thread.isPublic && thread.publicId);
  const names = await curatorNames(threads.map((thread) => thread.userId));
  const entries: AboutArticleEntry[] = threads.map((thread) => ({
    title: thread.title,
    curator: names.get(thread.userId) ?? publicPageMessages.someCurator,
    createdAt: thread.createdAt,
    pageUrl: publicPageUrl(thread.publicId ?? ''),
  }));
  return { status: 200, html: renderAboutArticle(articleUrl, entries, pageUrl) };
}

import { apiErrorMessages } from '#shared/messages/api-errors';
import { ADMIN_THREADS_LIMIT, type AdminThreads } from '#shared/schemas/admin';
import type { Thread } from '#shared/schemas/thread';
import { getUsernames } from '../../data/account-repository';
import { deletePublicThreadEntry } from '../../data/public-thread-repository';
import { deleteReviewItemsOfThread } from '../../data/review-repository';
import { recordSecurityEvent } from '../../data/security-event-repository';
import {
  deleteThreadForUser,
  findThreadOwner,
  getThreadForUser,
  listNewestThreads,
} from '../../data/thread-repository';
import { NotFoundError } from '../../lib/errors';
import { cancelPlugsOfThread } from '../insights/plug-cancellation';
import { cancelItemsOfThread } from '../scheduling/item-ending';
import type { AccessContext } from '../threads/thread-access';

/** The 50 newest threads of every user, with their owners' usernames (null: shown as 'Unknown User'). */
export async function listAdminThreads(): Promise<AdminThreads> {
  const threads = await listNewestThreads(ADMIN_THREADS_LIMIT);
  const usernames = await getUsernames(threads.map((thread) => thread.userId));
  return {
    threads: threads.map((thread) => ({
      id: thread.id,
      title: thread.title,
      sourceUrl: thread.sourceUrl,
      ownerUsername: usernames.get(thread.userId) ?? null,
      createdAt: thread.createdAt,
      postCount: thread.posts.length,
      isSensitiveContent: thread.isSensitiveContent,
    })),
  };
}

async function ownerOf(threadId: string): Promise<string> {
  const owner = await findThreadOwner(threadId);
  if (!owner) throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  return owner;
}

/** Any user's thread, for an admin to view (404 when none has that id). */
export async function getThreadAsAdmin(threadId: string): Promise<Thread> {
  const thread = await getThreadForUser(await ownerOf(threadId), threadId);
  if (!thread) throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  return thread;
}

/** Deletes any user's thread (its scheduled publishes cancelled), recorded as `admin_thread_deleted` in the acting admin's partition. */
export async function deleteThreadAsAdmin(context: AccessContext, threadId: string): Promise<void> {
  const owner = await ownerOf(threadId);
  if (!(await deleteThreadForUser(owner, threadId)))
    throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  await recordSecurityEvent(
    context.userId,
    'admin_thread_deleted',
    { threadId, ownerId: owner, userAgent: context.userAgent, timestamp: context.now.toISOString() },
    context.now,
  );
  await cancelItemsOfThread(owner, threadId, context.now);
  await cancelPlugsOfThread(owner, threadId, context.now);
  await deletePublicThreadEntry(owner, threadId);
  await deleteReviewItemsOfThread(owner, threadId);
}

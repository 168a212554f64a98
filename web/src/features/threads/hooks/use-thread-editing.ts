import { useState } from 'react';
import { articlePictureOffer } from '#shared/article-image';
import { contentWarning, saveThreadFailed, threadMessages } from '#shared/messages/threads';
import { insertEmptyPostBeforeAttribution, overLimitPosts, updatePostContent } from '#shared/posts';
import { quoteCardPassage } from '#shared/quote-card';
import type { PostMedia } from '#shared/schemas/media';
import type { Post, Thread, UpdateThreadRequest } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { toastForApiError } from '#web/lib/error-texts';
import { useCheckContentSensitivity } from '../api/check-content-sensitivity';
import { useUpdateThread } from '../api/update-thread';

type PostToSave = UpdateThreadRequest['posts'][number];

/**
 * The posts to send to the server: an empty post the curator added but never wrote has nothing to
 * share, so it is left out (the server refuses empty content); the attribution post always goes.
 */
export function postsToSave(posts: readonly Post[]): PostToSave[] {
  return posts
    .filter((post, index) => index === posts.length - 1 || post.content.trim() !== '')
    .map(({ id, content, media }) => (media ? { id, content, media } : { id, content }));
}

/** An editable copy of a thread (the create preview, the thread page): one post edited at a time, saving, Add Post, Save & Continue. */
export function useThreadEditing(thread: Thread) {
  const auth = useAuth();
  const { toast } = useToast();
  const sensitivity = useCheckContentSensitivity();
  const update = useUpdateThread();
  const [posts, setPosts] = useState<Post[]>(thread.posts);
  const [editingIndex, setEditingIndex] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const overLimit = overLimitPosts(posts);
  // Pictures the server's copy of the thread refers to: removing one of these must not delete its file.
  const savedMediaIds = new Set(thread.posts.flatMap((post) => (post.media ?? []).map((media) => media.id)));

  const protectAttribution = () => toast({ ...threadMessages.attributionProtected, variant: 'warning' });

  const startEdit = (index: number) => {
    if (editingIndex !== null) return;
    if (index === posts.length - 1) {
      protectAttribution();
      return;
    }
    setEditingIndex(index);
  };

  const cancelEdit = (index: number) => {
    setEditingIndex(null);
    // A post added with Add Post and never written is removed again.
    if (posts[index]?.content === '' && index < posts.length - 1) {
      setPosts((current) => current.filter((_, position) => position !== index));
    }
  };

  /** The editor's Save: the safety and sensitivity check first, then the post is saved to the thread. */
  const savePost = async (index: number, content: string) => {
    if (saving) return;
    if (auth.status !== 'signedIn') {
      toast({ ...threadMessages.saveNotSignedIn, variant: 'destructive' });
      return;
    }
    if (content === posts[index]?.content) {
      setEditingIndex(null);
      return;
    }
    const updated = updatePostContent(posts, index, content);
    if (!updated.ok) {
      toast({ ...updated.error, variant: 'warning' });
      return;
    }
    setSaving(true);
    try {
      try {
        const check = await sensitivity.mutateAsync(content);
        if (check.isSensitive) {
          toast({ ...contentWarning(check.categories), variant: 'warning' });
          return;
        }
      } catch (error) {
        // The safety rules (empty, too long, unsafe markup) refuse the text; a failed check counts as not sensitive.
        if (error instanceof ApiError && error.status === 400) {
          toast({ title: 'Error', description: error.message, variant: 'destructive' });
          return;
        }
      }
      setPosts(updated.posts);
      setEditingIndex(null);
      try {
        await update.mutateAsync({ threadId: thread.id, request: { posts: postsToSave(updated.posts) } });
        toast({ ...threadMessages.postUpdated, variant: 'success' });
      } catch (error) {
        toast({
          ...(error instanceof ApiError && error.status === 400 ? toastForApiError(error) : threadMessages.saveFailed),
          variant: 'destructive',
        });
      }
    } finally {
      setSaving(false);
    }
  };

  /** A post's pictures changed (added, described, moved, removed): kept on screen, sent with the next save. */
  const updatePostMedia = (postId: string, update: (media: readonly PostMedia[]) => PostMedia[]) =>
    setPosts((current) =>
      current.map((post) => (post.id === postId ? { ...post, media: update(post.media ?? []) } : post)),
    );

  const addPost = () => {
    if (editingIndex !== null) return;
    const next = insertEmptyPostBeforeAttribution(posts, Date.now());
    setPosts(next);
    setEditingIndex(Math.max(0, next.length - 2));
  };

  /** The posts to save, or null (with its toast) when the thread cannot be saved as it is. */
  const payloadToSave = (): PostToSave[] | null => {
    if (saving || editingIndex !== null) return null;
    if (auth.status !== 'signedIn') {
      toast({ ...threadMessages.saveAuthRequired, variant: 'destructive' });
      return null;
    }
    if (overLimit.length > 0) {
      toast({ title: 'Error', description: threadMessages.overLimit, variant: 'destructive' });
      return null;
    }
    if (!thread.id) {
      toast({ ...threadMessages.saveMissingThreadId, variant: 'destructive' });
      return null;
    }
    const payload = postsToSave(posts);
    if (payload.length === 0) {
      toast({ ...threadMessages.saveNoPosts, variant: 'destructive' });
      return null;
    }
    return payload;
  };

  /** Save & Continue: saves every post; true when the flow may go on to sharing. */
  const saveAndContinue = async (): Promise<boolean> => {
    const payload = payloadToSave();
    if (!payload) return false;
    setSaving(true);
    try {
      const saved = await update.mutateAsync({ threadId: thread.id, request: { posts: payload } });
      setPosts(saved.posts);
      toast({ ...threadMessages.changesSaved, variant: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        toast({ ...toastForApiError(error), variant: 'destructive' });
        return false;
      }
      // The edits are still on screen and can be shared; the server copy is older.
      toast({ ...threadMessages.saveWarning, variant: 'warning' });
      return true;
    } finally {
      setSaving(false);
    }
  };

  /** The thread page's Save: 'Thread saved', or 'Failed to save thread: {message}'. */
  const saveThread = async (): Promise<void> => {
    const payload = payloadToSave();
    if (!payload) return;
    setSaving(true);
    try {
      const saved = await update.mutateAsync({ threadId: thread.id, request: { posts: payload } });
      setPosts(saved.posts);
      toast({ ...threadMessages.threadSaved, variant: 'success' });
    } catch (error) {
      toast({ ...saveThreadFailed(error instanceof Error ? error.message : String(error)), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return {
    posts,
    editingIndex,
    saving,
    overLimit,
    startEdit,
    cancelEdit,
    savePost,
    addPost,
    saveAndContinue,
    saveThread,
    protectAttribution,
    threadId: thread.id,
    updatePostMedia,
    savedMediaIds,
    // The passage a post's quote card would show, or null when its source allows none.
    quoteCardPassageOf: (post: Post) => quoteCardPassage(post, { ...thread, posts }).passage,
    articlePicture: articlePictureOffer(thread),
    suggestedQuoteCardPostId: thread.suggestedQuoteCardPostId ?? null,
  };
}

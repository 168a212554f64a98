import { Link, useParams } from 'react-router-dom';
import { threadMessages } from '#shared/messages/threads';
import type { Thread } from '#shared/schemas/thread';
import { paths } from '#web/config/paths';
import { isMissingThread, useThread } from '../api/get-thread';
import { ManualShareCarousel } from '../components/manual-share-carousel';
import { ThreadNotFound } from '../components/thread-not-found';
import { useThreadEditing } from '../hooks/use-thread-editing';
import '../threads.css';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';

/** /thread/{id}/manual-share: the caller's thread as a post-by-post copy carousel with inline editing. */
export function ManualSharePage() {
  const { threadId = '' } = useParams();
  const thread = useThread(threadId, Boolean(threadId));

  if (!threadId) return <ThreadNotFound message={threadMessages.noThreadId} />;
  if (thread.isPending) {
    return (
      <LoadingState as="section" className="page">
        Loading thread…
      </LoadingState>
    );
  }
  if (thread.error) {
    if (isMissingThread(thread.error)) return <ThreadNotFound />;
    return (
      <ErrorState as="section" className="page card empty-state">
        <h1>{threadMessages.manualShareLoadFailed.description}</h1>
        <p className="muted">{thread.error.message}</p>
        <Link className="button button--primary" to={paths.history.getHref()}>
          Return to your threads
        </Link>
      </ErrorState>
    );
  }
  return <ManualShare key={thread.data.id} thread={thread.data} />;
}

function ManualShare({ thread }: { thread: Thread }) {
  const editing = useThreadEditing(thread);
  return (
    <section className="page thread-page threads-scope manual-share-page">
      <Link to={paths.thread.getHref(thread.id)} className="link-button">
        ← Back
      </Link>
      <h1>Share Manually</h1>
      <p className="muted">
        {thread.title}: copy each post, then paste it anywhere. Post them in order to keep the thread together.
      </p>
      <div className="card manual-share">
        {editing.posts.length === 0 ? (
          <p className="muted">{threadMessages.noPostsInThread}</p>
        ) : (
          <ManualShareCarousel
            posts={editing.posts}
            editing={{
              editingIndex: editing.editingIndex,
              saving: editing.saving,
              onEdit: editing.startEdit,
              onSave: (index, content) => void editing.savePost(index, content),
              onCancel: editing.cancelEdit,
            }}
          />
        )}
      </div>
    </section>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { deleteThreadFailed, loadThreadFailed, threadMessages } from '#shared/messages/threads';
import type { Thread } from '#shared/schemas/thread';
import { roleAllows } from '#shared/workspaces/roles';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useOAuthReturnNotice } from '#web/features/connections/hooks/use-oauth-return-notice';
import { parseOAuthReturn } from '#web/features/connections/lib/oauth-return';
import { PerformanceSection } from '#web/features/insights/components/performance-section';
import { PublicLinkPanel } from '#web/features/public/components/public-link-panel';
import { ThreadPlugs } from '#web/features/publishing/components/thread-plugs';
import { ReviewLinksPanel } from '#web/features/review/components/review-links-panel';
import { ReviewPanel } from '#web/features/review/components/review-panel';
import { ThreadSchedule } from '#web/features/scheduling/components/thread-schedule';
import { useDeleteThread } from '#web/features/threads/api/delete-thread';
import { isMissingThread, useThread } from '#web/features/threads/api/get-thread';
import { DeleteThreadDialog } from '#web/features/threads/components/delete-thread-dialog';
import { EditableThread } from '#web/features/threads/components/editable-thread';
import { MarkdownExport } from '#web/features/threads/components/markdown-export';
import { SensitiveContentBanner } from '#web/features/threads/components/sensitive-categories';
import { ShortQuoteBadge } from '#web/features/threads/components/short-quote-badge';
import { ThreadNotFound } from '#web/features/threads/components/thread-not-found';
import { useThreadEditing } from '#web/features/threads/hooks/use-thread-editing';
import { useCurrentWorkspace } from '#web/lib/get-workspaces';
import '#web/features/threads/threads.css';
import '#web/features/scheduling/scheduling.css';
import { LoadingState } from '#web/components/ui/loading-state';
import { lazyNamed } from '#web/lib/lazy-named';

// The sharing view (connected accounts, publishing progress, the scheduling dialog) shows only after
// Share Thread: its code loads then, fetched ahead when the pointer or focus reaches the button.
const PlatformSharingPanel = lazyNamed(
  () => import('#web/features/publishing/components/platform-sharing-panel'),
  'PlatformSharingPanel',
);
const ScheduleActions = lazyNamed(
  () => import('#web/features/scheduling/components/schedule-actions'),
  'ScheduleActions',
);
const preloadSharing = () => {
  PlatformSharingPanel.preload();
  ScheduleActions.preload();
};

/** /thread/{id}: one saved thread, to edit, save, share, export or delete. */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const thread = useThread(threadId, true);

  const failure = thread.error && !isMissingThread(thread.error) ? thread.error.message : null;
  useEffect(() => {
    if (!failure) return;
    toast({ ...loadThreadFailed(failure), variant: 'destructive' });
    navigate(paths.history.getHref());
  }, [failure, toast, navigate]);

  if (thread.isPending) {
    return (
      <LoadingState as="section" className="page">
        Loading thread…
      </LoadingState>
    );
  }
  if (!thread.data) return <ThreadNotFound />;
  return <ThreadDetail key={thread.data.id} thread={thread.data} />;
}

function ThreadDetail({ thread }: { thread: Thread }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const editing = useThreadEditing(thread);
  const remove = useDeleteThread();
  const location = useLocation();
  // Back from a platform's OAuth page (Refresh Connection): straight to the sharing view.
  const [sharing, setSharing] = useState(() => parseOAuthReturn(new URLSearchParams(location.search)) !== null);
  useOAuthReturnNotice();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { posts, editingIndex, saving, overLimit } = editing;
  // A team's threads are reviewed; the panel shows the steps the member's role allows.
  const current = useCurrentWorkspace();
  const team = current && !current.personal ? current : undefined;
  const locked = saving || editingIndex !== null;

  const confirmDelete = () => {
    setConfirmingDelete(false);
    remove.mutate(thread.id, {
      onSuccess: () => {
        toast({ ...threadMessages.threadDeleted, variant: 'success' });
        navigate(paths.history.getHref());
      },
      onError: (error) => toast({ ...deleteThreadFailed(error.message), variant: 'destructive' }),
    });
  };

  return (
    <section className="page thread-page threads-scope">
      <Link to={paths.history.getHref()} className="link-button">
        ← Back to all threads
      </Link>
      <h1>{thread.title}</h1>
      <p className="small muted">
        <a href={thread.sourceUrl} target="_blank" rel="noopener noreferrer">
          {thread.sourceUrl}
        </a>
        {thread.author ? ` · by ${thread.author}` : null}
      </p>
      <ShortQuoteBadge rights={thread.rights} explain />
      <SensitiveContentBanner thread={thread} />
      <ThreadSchedule threadId={thread.id} />
      <ThreadPlugs threadId={thread.id} />
      {team ? <ReviewPanel thread={thread} role={team.role} /> : null}
      {team && roleAllows(team.role, 'read') ? (
        <ReviewLinksPanel threadId={thread.id} canWrite={roleAllows(team.role, 'write')} />
      ) : null}

      {sharing ? (
        <div className="thread-page__sharing">
          <button type="button" className="button" onClick={() => setSharing(false)}>
            ← Back to thread
          </button>
          <Suspense fallback={<LoadingState />}>
            <PlatformSharingPanel
              threadId={thread.id}
              moreActions={({ platforms, ready, readyButAccounts, linkPlacements, quotes, plug, accounts }) => (
                <ScheduleActions
                  threadId={thread.id}
                  platforms={platforms}
                  linkPlacements={linkPlacements}
                  quotes={quotes}
                  plug={plug}
                  accounts={accounts}
                  disabled={!ready}
                  queueDisabled={!readyButAccounts}
                />
              )}
            />
          </Suspense>
          <PublicLinkPanel thread={thread} />
        </div>
      ) : (
        <>
          <EditableThread editing={editing} />
          <div className="thread-page__row">
            <button
              type="button"
              className="button button--primary"
              disabled={locked || overLimit.length > 0}
              onClick={() => void editing.saveThread()}
            >
              {saving && editingIndex === null ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button" disabled={locked} onClick={editing.addPost}>
              + Add Post
            </button>
            <button
              type="button"
              className="button"
              disabled={locked}
              onPointerEnter={preloadSharing}
              onFocus={preloadSharing}
              onClick={() => setSharing(true)}
            >
              Share Thread
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={locked}
              onClick={() => setConfirmingDelete(true)}
            >
              Delete
            </button>
          </div>
          <MarkdownExport thread={{ ...thread, posts }} />
          <PublicLinkPanel thread={thread} />
          <PerformanceSection threadId={thread.id} />
        </>
      )}
      <DeleteThreadDialog
        open={confirmingDelete}
        title={thread.title}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

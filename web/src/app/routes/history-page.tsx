import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteThreadFailed, loadThreadsFailed, threadMessages } from '#shared/messages/threads';
import type { ThreadSummary } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { FilterSortPanel } from '#web/features/history/components/filter-sort-panel';
import { ThreadCard } from '#web/features/history/components/thread-card';
import { matchesFilters, type ThreadFilters } from '#web/features/history/lib/thread-card';
import { ScheduledBadge } from '#web/features/scheduling/components/scheduled-badge';
import { useDeleteThread } from '#web/features/threads/api/delete-thread';
import { useNewestThreadId } from '#web/features/threads/api/get-newest-thread';
import { type ThreadSort, useThreadList } from '#web/features/threads/api/list-threads';
import { DeleteThreadDialog } from '#web/features/threads/components/delete-thread-dialog';
import '#web/features/history/history.css';
import '#web/features/scheduling/scheduling.css';
import { LoadingState } from '#web/components/ui/loading-state';

/** /history (My Threads): the caller's threads, filtered and sorted, 15 at a time with Load More. */
export function HistoryPage() {
  const { toast } = useToast();
  const [sort, setSort] = useState<ThreadSort>({ field: 'createdAt', order: 'desc' });
  const [filters, setFilters] = useState<ThreadFilters>({ theme: '', tone: '' });
  const [deleting, setDeleting] = useState<ThreadSummary | null>(null);
  const list = useThreadList(sort);
  const remove = useDeleteThread();
  const newest = useNewestThreadId().data;

  // A thread made elsewhere (another tab, another device) changes the newest id: reload the list.
  const seenNewest = useRef(newest);
  const { refetch } = list;
  useEffect(() => {
    if (newest === undefined || newest === seenNewest.current) return;
    const first = seenNewest.current === undefined;
    seenNewest.current = newest;
    if (!first) void refetch();
  }, [newest, refetch]);

  const errorMessage = list.error?.message;
  useEffect(() => {
    if (errorMessage) toast({ ...loadThreadsFailed(errorMessage), variant: 'destructive' });
  }, [errorMessage, toast]);

  const loaded = list.data?.pages.flatMap((page) => page.threads) ?? [];
  const shown = loaded.filter((thread) => matchesFilters(thread, filters));
  const now = new Date();

  const confirmDelete = () => {
    const thread = deleting;
    setDeleting(null);
    if (!thread) return;
    remove.mutate(thread.id, {
      onSuccess: () => toast({ ...threadMessages.threadDeleted, variant: 'success' }),
      onError: (error) => toast({ ...deleteThreadFailed(error.message), variant: 'destructive' }),
    });
  };

  return (
    <section className="page history-page threads-scope">
      <div className="history-page__header">
        <h1>My Threads</h1>
        <Link className="button button--primary" to={paths.create.getHref()}>
          Generate New Thread
        </Link>
      </div>
      <FilterSortPanel filters={filters} sort={sort} onFiltersChange={setFilters} onSortChange={setSort} />

      {list.isPending ? (
        <LoadingState>Loading your threads…</LoadingState>
      ) : loaded.length === 0 && !list.hasNextPage ? (
        list.isError ? null : (
          <div className="card empty-state">
            <h2>No threads yet</h2>
            <p className="muted">Turn an article into your first thread.</p>
            <Link className="button button--primary" to={paths.home.getHref()}>
              Generate New Thread
            </Link>
          </div>
        )
      ) : (
        <>
          {shown.length === 0 ? <p className="muted">No loaded threads match these filters.</p> : null}
          <ul className="plain-list history-page__list" aria-label="Your threads">
            {shown.map((thread) => (
              <ThreadCard
                key={thread.id}
                thread={thread}
                now={now}
                onDelete={setDeleting}
                status={
                  thread.nextScheduled ? (
                    <ScheduledBadge at={thread.nextScheduled.at} platforms={thread.nextScheduled.platforms} />
                  ) : null
                }
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button--block"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Load More Threads'}
            </button>
          ) : null}
        </>
      )}
      <DeleteThreadDialog
        open={deleting !== null}
        title={deleting?.title ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

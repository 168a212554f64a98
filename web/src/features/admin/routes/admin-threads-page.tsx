import { Link } from 'react-router-dom';
import { adminMessages, deleteThreadFailed } from '../../../../../shared/messages';
import type { AdminThread } from '../../../../../shared/schemas/admin';
import { useToast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { useDeleteAdminThread } from '../api/delete-admin-thread';
import { useAdminThreads } from '../api/get-admin-threads';
import { TableRegion } from '../components/table-region';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

const CREATED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function DeleteButton({ thread }: { thread: AdminThread }) {
  const { toast } = useToast();
  const remove = useDeleteAdminThread();
  return (
    <button
      type="button"
      className="button button--danger"
      disabled={remove.isPending}
      aria-label={`Delete: ${thread.title}`}
      onClick={() =>
        remove.mutate(thread.id, {
          onSuccess: () => toast({ ...adminMessages.threadDeleted, variant: 'success' }),
          onError: (error) => toast({ ...deleteThreadFailed(error.message), variant: 'destructive' }),
        })
      }
    >
      Delete
    </button>
  );
}

/** /admin/threads: the 50 newest threads of every user, with View and Delete. */
export function AdminThreadsPage() {
  const threads = useAdminThreads();
  return (
    <section className="stack">
      <h1>Threads</h1>
      <QueryStatus query={threads} loading="Loading threads…" />
      {threads.isSuccess ? (
        <TableRegion label="Threads table">
          <table className="admin-table">
            <caption className="muted">The {threads.data.threads.length} newest threads</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Source</th>
                <th scope="col">Owner</th>
                <th scope="col">Created</th>
                <th scope="col">Posts</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {threads.data.threads.map((thread) => (
                <tr key={thread.id}>
                  <td>
                    {thread.title}{' '}
                    {thread.isSensitiveContent ? (
                      <span className="admin-badge admin-badge--danger">Sensitive</span>
                    ) : null}
                  </td>
                  <td>
                    <a href={thread.sourceUrl} target="_blank" rel="noreferrer">
                      {thread.sourceUrl}
                    </a>
                  </td>
                  <td>{thread.ownerUsername ?? 'Unknown User'}</td>
                  <td>{CREATED.format(new Date(thread.createdAt))}</td>
                  <td>{thread.postCount}</td>
                  <td className="row">
                    <Link
                      className="button"
                      to={paths.admin.thread.getHref(thread.id)}
                      aria-label={`View: ${thread.title}`}
                    >
                      View
                    </Link>
                    <DeleteButton thread={thread} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { adminMessages } from '#shared/messages/admin';
import { deleteThreadFailed } from '#shared/messages/threads';
import type { AdminThread } from '#shared/schemas/admin';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useDeleteAdminThread } from '../api/delete-admin-thread';
import { useAdminThreads } from '../api/get-admin-threads';
import { AdminTable } from '../components/admin-table';
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
        <AdminTable
          label="Threads table"
          caption={`The ${threads.data.threads.length} newest threads`}
          columns={['Title', 'Source', 'Owner', 'Created', 'Posts', 'Actions']}
        >
          {threads.data.threads.map((thread) => (
            <tr key={thread.id}>
              <td>
                {thread.title}{' '}
                {thread.isSensitiveContent ? <span className="admin-badge admin-badge--danger">Sensitive</span> : null}
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
        </AdminTable>
      ) : null}
    </section>
  );
}

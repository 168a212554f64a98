import { Link, useParams } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { useAdminThread } from '../api/get-admin-thread';
import { QueryStatus } from '../components/query-status';

/** /admin/threads/{id}: any user's thread, read only. */
export function AdminThreadPage() {
  const { threadId = '' } = useParams();
  const thread = useAdminThread(threadId);
  return (
    <section className="stack">
      <Link to={paths.admin.threads.getHref()}>Back to threads</Link>
      <QueryStatus query={thread} loading="Loading thread…" />
      {thread.isSuccess ? (
        <>
          <h1>{thread.data.title}</h1>
          <p>
            <a href={thread.data.sourceUrl} target="_blank" rel="noreferrer">
              {thread.data.sourceUrl}
            </a>
          </p>
          <ol className="stack">
            {thread.data.posts.map((post) => (
              <li key={post.id} className="card">
                {post.content}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

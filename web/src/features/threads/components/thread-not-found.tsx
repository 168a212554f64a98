import { Link } from 'react-router-dom';
import { threadMessages } from '#shared/messages/threads';
import { paths } from '#web/config/paths';

/** 'Thread not found' (a missing id, or someone else's), with the way back to the list. */
export function ThreadNotFound({ message = threadMessages.threadNotFound }: { message?: string }) {
  return (
    <section className="page card empty-state">
      <h1>{message}</h1>
      <Link className="button button--primary" to={paths.history.getHref()}>
        Return to your threads
      </Link>
    </section>
  );
}

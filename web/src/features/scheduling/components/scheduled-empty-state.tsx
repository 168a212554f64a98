import { Link } from 'react-router-dom';
import { schedulingMessages } from '#shared/messages/scheduling';
import { paths } from '#web/config/paths';

const texts = schedulingMessages;

/** /scheduled with nothing upcoming: what scheduling and the queue do, and where to start. */
export function ScheduledEmptyState() {
  return (
    <div className="card empty-state stack">
      <h2>{texts.emptyTitle}</h2>
      <p className="muted">{texts.emptyText}</p>
      <div className="row">
        <Link className="button button--primary" to={paths.accountSettings.getHref()}>
          Set Up Your Queue
        </Link>
        <Link className="button" to={paths.history.getHref()}>
          My Threads
        </Link>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { useThreadSchedule } from '../api/get-thread-schedule';
import { ScheduledBadge } from './scheduled-badge';

/** The thread's upcoming scheduled publishes on its detail page, with a way to manage them; nothing when none. */
export function ThreadSchedule({ threadId }: { threadId: string }) {
  const schedule = useThreadSchedule(threadId);
  const items = (schedule.data?.items ?? []).filter((item) => item.status === 'scheduled');
  if (items.length === 0) return null;
  return (
    <section className="thread-schedule" aria-label="Scheduled publishing">
      {items.map((item) => (
        <ScheduledBadge key={item.itemId} at={item.at} platforms={item.platforms} />
      ))}
      <Link className="small" to={paths.scheduled.getHref()}>
        Manage scheduled threads
      </Link>
    </section>
  );
}

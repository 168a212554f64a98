import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { schedulingMessages } from '#shared/messages/scheduling';
import { useScheduledItems } from '../api/get-scheduled-items';
import { PastItem } from '../components/past-item';
import { ScheduledEmptyState } from '../components/scheduled-empty-state';
import { UpcomingItem } from '../components/upcoming-item';
import { useScheduleZone } from '../hooks/use-schedule-zone';
import { groupByDay } from '../lib/scheduled-days';
import '../scheduling.css';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';

const texts = schedulingMessages;

/** A list's loading line or its failure, else the list. */
function ListState({ list, loading, children }: { list: UseQueryResult; loading: string; children: ReactNode }) {
  if (list.isPending) {
    return <LoadingState as="p">{loading}</LoadingState>;
  }
  if (list.isError) {
    return (
      <ErrorState>
        {texts.listLoadFailed} {list.error.message}
      </ErrorState>
    );
  }
  return children;
}

/** /scheduled: upcoming publishes grouped by day in the user's zone, and the last 30 days' outcomes. */
export function ScheduledPage() {
  const zone = useScheduleZone();
  const upcoming = useScheduledItems('upcoming');
  const past = useScheduledItems('past');
  // Read at each render (the lists poll), so Today and Tomorrow follow midnight.
  const days = groupByDay(upcoming.data?.items ?? [], zone, new Date());
  const pastItems = past.data?.items ?? [];

  return (
    <section className="page scheduled-page stack">
      <header>
        <h1>{texts.pageTitle}</h1>
        <p className="muted">Times are shown in {zone}.</p>
      </header>

      <section className="stack" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">{texts.upcoming}</h2>
        <ListState list={upcoming} loading="Loading your scheduled threads…">
          {days.length === 0 ? (
            <ScheduledEmptyState />
          ) : (
            days.map((day) => (
              <section key={day.day} className="scheduled-day" aria-labelledby={`day-${day.day}`}>
                <h3 id={`day-${day.day}`}>{day.label}</h3>
                <ul className="plain-list scheduled-day__items">
                  {day.items.map((item) => (
                    <UpcomingItem key={item.itemId} item={item} zone={zone} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </ListState>
      </section>

      <section className="stack" aria-labelledby="past-heading">
        <h2 id="past-heading">{texts.past}</h2>
        <ListState list={past} loading="Loading past publishes…">
          {pastItems.length === 0 ? (
            <p className="muted">{texts.noPast}</p>
          ) : (
            <ul className="plain-list scheduled-day__items" aria-label="Past scheduled publishes">
              {pastItems.map((item) => (
                <PastItem key={item.itemId} item={item} zone={zone} />
              ))}
            </ul>
          )}
        </ListState>
      </section>
    </section>
  );
}

import { useState } from 'react';
import { beyondSpecMessages } from '#shared/messages';
import { useScheduledItems } from '../api/get-scheduled-items';
import { PastItem } from '../components/past-item';
import { ScheduledEmptyState } from '../components/scheduled-empty-state';
import { UpcomingItem } from '../components/upcoming-item';
import { useScheduleZone } from '../hooks/use-schedule-zone';
import { groupByDay } from '../lib/scheduled-days';
import '../scheduling.css';

const texts = beyondSpecMessages.scheduling;

function Loading({ label }: { label: string }) {
  return (
    <p className="page-status" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** /scheduled: upcoming publishes grouped by day in the user's zone, and the last 30 days' outcomes. */
export function ScheduledPage() {
  const zone = useScheduleZone();
  const upcoming = useScheduledItems('upcoming');
  const past = useScheduledItems('past');
  const [now] = useState(() => new Date());
  const days = groupByDay(upcoming.data?.items ?? [], zone, now);
  const pastItems = past.data?.items ?? [];

  return (
    <section className="page scheduled-page stack">
      <header>
        <h1>{texts.pageTitle}</h1>
        <p className="muted">Times are shown in {zone}.</p>
      </header>

      <section className="stack" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">{texts.upcoming}</h2>
        {upcoming.isPending ? (
          <Loading label="Loading your scheduled threads…" />
        ) : upcoming.isError ? (
          <p className="notice notice--error" role="alert">
            {texts.listLoadFailed} {upcoming.error.message}
          </p>
        ) : days.length === 0 ? (
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
      </section>

      <section className="stack" aria-labelledby="past-heading">
        <h2 id="past-heading">{texts.past}</h2>
        {past.isPending ? (
          <Loading label="Loading past publishes…" />
        ) : past.isError ? (
          <p className="notice notice--error" role="alert">
            {texts.listLoadFailed} {past.error.message}
          </p>
        ) : pastItems.length === 0 ? (
          <p className="muted">{texts.noPast}</p>
        ) : (
          <ul className="plain-list scheduled-day__items" aria-label="Past scheduled publishes">
            {pastItems.map((item) => (
              <PastItem key={item.itemId} item={item} zone={zone} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

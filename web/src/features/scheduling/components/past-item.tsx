import { schedulingMessages } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import { formatZonedDateTime } from '#shared/time-zone';

const texts = schedulingMessages;

type Outcome = ScheduledItem['outcomes'][number];

function OutcomeRow({ outcome }: { outcome: Outcome }) {
  const name = platformDisplayName(outcome.platform);
  if (outcome.status === 'completed') {
    return (
      <li data-testid={`outcome-${outcome.platform}`}>
        <span className="badge badge--good">{texts.outcomeCompleted}</span> {name}
        {outcome.postUrl ? (
          <>
            {' · '}
            <a href={outcome.postUrl} target="_blank" rel="noopener noreferrer" aria-label={`View on ${name}`}>
              View
            </a>
          </>
        ) : null}
      </li>
    );
  }
  if (outcome.status === 'failed') {
    return (
      <li data-testid={`outcome-${outcome.platform}`}>
        <span className="badge badge--critical">{texts.outcomeFailed}</span> {name}
        {outcome.error ? `: ${outcome.error}` : null}
      </li>
    );
  }
  return (
    <li data-testid={`outcome-${outcome.platform}`}>
      <span className="badge">{texts.outcomePending}</span> {name}
    </li>
  );
}

/** A fired or cancelled item of the last 30 days: when, which thread, and each platform's outcome. */
export function PastItem({ item, zone }: { item: ScheduledItem; zone: string }) {
  const when = item.firedAt ?? item.at;
  return (
    <li className="card scheduled-item scheduled-item--past" data-item-id={item.itemId}>
      <div className="scheduled-item__body">
        <p className="scheduled-item__title">{item.threadTitle}</p>
        <p className="small muted">
          <time dateTime={when}>{formatZonedDateTime(when, zone)}</time>
        </p>
        {item.status === 'cancelled' ? (
          <p className="small">
            <span className="badge">{texts.statusCancelled}</span> {item.platforms.map(platformDisplayName).join(', ')}
          </p>
        ) : (
          <ul className="plain-list small scheduled-item__outcomes" aria-label={`Outcome of ${item.threadTitle}`}>
            {item.outcomes.map((outcome) => (
              <OutcomeRow key={outcome.platform} outcome={outcome} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

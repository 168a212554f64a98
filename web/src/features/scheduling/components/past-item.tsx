import { schedulingMessages } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import { formatZonedDateTime } from '#shared/time-zone';

const texts = schedulingMessages;

type Outcome = ScheduledItem['outcomes'][number];

/** An outcome's platform, with the account's name when the item named one ('Telegram · Harbour desk'). */
export function outcomeLabel(outcome: Outcome): string {
  const platform = platformDisplayName(outcome.platform);
  return outcome.accountName ? `${platform} · ${outcome.accountName}` : platform;
}

/** An outcome's React key: one per account the item posted to. */
export const outcomeKey = (outcome: Outcome) => `${outcome.platform}#${outcome.accountId ?? ''}`;

function OutcomeRow({ outcome }: { outcome: Outcome }) {
  const name = outcomeLabel(outcome);
  const platformName = platformDisplayName(outcome.platform);
  if (outcome.status === 'completed') {
    return (
      <li data-testid={`outcome-${outcome.platform}`}>
        <span className="badge badge--good">{texts.outcomeCompleted}</span> {name}
        {outcome.postUrl ? (
          <>
            {' · '}
            <a
              href={outcome.postUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View on ${name === platformName ? platformName : `${platformName} (${outcome.accountName})`}`}
            >
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

/** A fired or cancelled item of the last 30 days: when, which thread, and each account's outcome. */
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
              <OutcomeRow key={outcomeKey(outcome)} outcome={outcome} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

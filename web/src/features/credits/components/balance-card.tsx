import { creditBadge } from '#shared/credits';
import type { Me } from '#web/lib/get-me';

interface BalanceCardProps {
  credits: Me['credits'];
  onAddCredits: () => void;
  onViewHistory: () => void;
  historyOpen: boolean;
}

const RESET_DATE_FORMAT = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'UTC' });

/** The /credits balance card: free, purchased (with +), total with its badge, used, next refresh. */
export function BalanceCard({ credits, onAddCredits, onViewHistory, historyOpen }: BalanceCardProps) {
  const badge = creditBadge(credits.availableCredits);
  return (
    <section className="card stack" aria-labelledby="balance-heading">
      <h2 id="balance-heading">Your Balance</h2>
      <dl className="credits-balance">
        <div>
          <dt>Free credits</dt>
          <dd data-testid="free-credits">{credits.freeCredits}</dd>
        </div>
        <div>
          <dt>Purchased credits</dt>
          <dd>
            <span data-testid="paid-credits">{credits.paidCredits}</span>
            <button type="button" className="icon-button" aria-label="Buy credits" onClick={onAddCredits}>
              +
            </button>
          </dd>
        </div>
        <div>
          <dt>Total available</dt>
          <dd>
            <span data-testid="total-credits">{credits.availableCredits}</span>{' '}
            <span className={`badge badge--${badge.toLowerCase()}`}>{badge}</span>
          </dd>
        </div>
        <div>
          <dt>Used credits</dt>
          <dd data-testid="used-credits">{credits.usedCredits}</dd>
        </div>
      </dl>
      {credits.resetDate ? (
        <p className="small muted">
          Free credits refresh daily at midnight UTC. Next refresh:{' '}
          <time dateTime={credits.resetDate}>
            {RESET_DATE_FORMAT.format(new Date(`${credits.resetDate}T00:00:00Z`))}
          </time>
        </p>
      ) : null}
      <button type="button" className="button" aria-expanded={historyOpen} onClick={onViewHistory}>
        View Usage History
      </button>
      <div>
        <h3>How Credits Work</h3>
        <ul className="plain-list small">
          <li>Each new thread costs 1 credit; regenerating a thread is free.</li>
          <li>You get free credits every day (5, or 100 for admins); they reset at midnight and do not stack.</li>
          <li>Free credits are spent before purchased credits.</li>
          <li>Purchased credits never expire and are non-refundable.</li>
        </ul>
      </div>
    </section>
  );
}

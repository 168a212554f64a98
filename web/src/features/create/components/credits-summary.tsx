import { Link } from 'react-router-dom';
import { creditBadge, showBuyMore, showFreePaidSplit } from '#shared/credits';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth-context';
import { useMe } from '#web/lib/get-me';

/** The page header's balance: available credits, the free/paid split when both exist, Buy More under 5. */
export function CreditsSummary() {
  const { status } = useAuth();
  const me = useMe();
  if (status !== 'signedIn') return null;
  const credits = me.data?.credits;
  if (!credits) {
    return (
      <section className="credits-summary" aria-label="Your credits" aria-busy={me.isPending}>
        {me.isPending ? (
          <span className="skeleton credits-summary__skeleton" />
        ) : (
          <span className="small muted">Credit balance unavailable</span>
        )}
      </section>
    );
  }
  const badge = creditBadge(credits.availableCredits);
  return (
    <section className="credits-summary" aria-label="Your credits">
      <div className="credits-summary__balance">
        <span className="credits-summary__value" data-testid="available-credits">
          {credits.availableCredits}
        </span>
        <span className="credits-summary__unit">{credits.availableCredits === 1 ? 'credit' : 'credits'} available</span>
        <span className={`badge badge--${badge.toLowerCase()}`}>{badge}</span>
      </div>
      {showFreePaidSplit(credits) ? (
        <p className="credits-summary__split">
          {credits.freeCredits} free · {credits.paidCredits} paid
        </p>
      ) : null}
      {showBuyMore(credits.availableCredits) ? (
        <Link className="button button--small button--primary" to={paths.credits.getHref()}>
          Buy More
        </Link>
      ) : null}
    </section>
  );
}

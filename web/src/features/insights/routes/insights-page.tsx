import { useState } from 'react';
import { Link } from 'react-router-dom';
import { INSIGHTS_PERIODS } from '#shared/schemas/insights';
import { paths } from '#web/config/paths';
import { type InsightsPeriod, useInsights } from '../api/get-insights';
import { Comparisons } from '../components/comparisons';
import { CreditComparisons } from '../components/credit-comparisons';
import { EngagementChart } from '../components/engagement-chart';
import { TopThreads } from '../components/top-threads';
import { UnreportedThreads } from '../components/unreported-threads';
import { hasFigures } from '../lib/chart';
import { figureText } from '../lib/figures';
import '../insights.css';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

function PeriodSwitch({ days, onChange }: { days: InsightsPeriod; onChange: (days: InsightsPeriod) => void }) {
  return (
    <fieldset className="insights-period">
      <legend>{texts.period}</legend>
      {INSIGHTS_PERIODS.map((period) => (
        <label key={period} className="insights-period__option">
          <input
            type="radio"
            name="insights-period"
            value={period}
            checked={days === period}
            onChange={() => onChange(period)}
          />
          {period} days
        </label>
      ))}
    </fieldset>
  );
}

function EmptyState() {
  return (
    <div className="card empty-state">
      <h2>{texts.emptyTitle}</h2>
      <p className="muted">{texts.emptyText}</p>
      <Link className="button button--primary" to={paths.history.getHref()}>
        My Threads
      </Link>
    </div>
  );
}

/**
 * /insights: engagement per day over 7/30/90 days, the top threads, what worked, and what works for
 * the credit (credit reach by how it was made), in the user's zone.
 */
export function InsightsPage() {
  const [days, setDays] = useState<InsightsPeriod>(30);
  const insights = useInsights(days);
  return (
    <section className="page insights-page stack">
      <header className="insights-page__header">
        <div>
          <h1>{texts.pageTitle}</h1>
          <p className="muted">{texts.pageIntro}</p>
        </div>
        <PeriodSwitch days={days} onChange={setDays} />
      </header>
      {insights.isPending ? (
        <LoadingState as="p">Loading insights…</LoadingState>
      ) : insights.isError ? (
        <ErrorState>
          {texts.loadFailed} {insights.error.message}
        </ErrorState>
      ) : !hasFigures(insights.data) ? (
        insights.data.unreported.threads > 0 ? (
          <UnreportedThreads unreported={insights.data.unreported} nothingElse />
        ) : (
          <EmptyState />
        )
      ) : (
        <>
          <dl className="insights-totals">
            <div className="card">
              <dt className="muted">{texts.totalEngagement}</dt>
              <dd>{figureText(insights.data.totals.engagement)}</dd>
            </div>
            <div className="card">
              <dt className="muted">Threads read back</dt>
              <dd>{figureText(insights.data.totals.threads)}</dd>
            </div>
          </dl>
          <p className="small muted">Days and hours are counted in {insights.data.timeZone}.</p>
          <EngagementChart daily={insights.data.daily} days={insights.data.days} />
          <TopThreads threads={insights.data.topThreads} />
          <Comparisons comparisons={insights.data.comparisons} timeZone={insights.data.timeZone} />
          <CreditComparisons comparisons={insights.data.creditComparisons} />
          {insights.data.unreported.threads > 0 ? (
            <UnreportedThreads unreported={insights.data.unreported} nothingElse={false} />
          ) : null}
        </>
      )}
    </section>
  );
}

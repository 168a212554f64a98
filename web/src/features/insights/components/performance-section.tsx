import { CREDIT_REACH_EXPLANATION } from '#shared/insights/engagement';
import { platformDisplayName } from '#shared/platforms';
import type { PlatformPerformance } from '#shared/schemas/insights';
import { useToast } from '#web/components/ui/use-toast';
import { useThreadPerformance } from '../api/get-thread-performance';
import { useRefreshThreadPerformance } from '../api/refresh-thread-performance';
import { useNow } from '../hooks/use-now';
import {
  creditReachText,
  figureTable,
  figureText,
  METRIC_LABELS,
  noFiguresText,
  readingLabel,
  refreshWaitMs,
  refreshWaitText,
} from '../lib/figures';
import { Sparkline } from './sparkline';
import '../insights.css';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

const TAKEN_AT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function PlatformFigures({ performance }: { performance: PlatformPerformance }) {
  const name = platformDisplayName(performance.platform);
  const { latest, readings, creditReach } = performance;
  const note = noFiguresText(performance);
  const table = latest ? figureTable(latest) : null;
  return (
    <article className="performance-platform stack" aria-label={`${name} performance`}>
      <header className="performance-platform__header">
        <h3>{name}</h3>
        {latest ? (
          <p className="small muted">
            Read {readingLabel(latest.kind)} ·{' '}
            <time dateTime={latest.takenAt}>{TAKEN_AT.format(new Date(latest.takenAt))}</time>
          </p>
        ) : null}
      </header>
      {note ? <p className="muted">{note}</p> : null}
      {!note && !latest ? <p className="muted">{texts.noReadingYet}</p> : null}
      {!note && readings.length > 0 ? (
        <div className="performance-platform__trend">
          <Sparkline values={readings.map((reading) => reading.engagement)} />
          <p className="small">
            {readings
              .map((reading) => `Engagement ${readingLabel(reading.kind)}: ${figureText(reading.engagement)}`)
              .join(' · ')}
          </p>
        </div>
      ) : null}
      {!note && table && table.rows.length > 0 ? (
        <div className="performance-table-wrap">
          <table className="performance-table">
            <caption className="insights-visually-hidden">{`${name} figures per post`}</caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                {table.columns.map((metric) => (
                  <th key={metric} scope="col">
                    {METRIC_LABELS[metric]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.label} className={row.deleted ? 'performance-table__deleted' : undefined}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, index) => (
                    <td key={table.columns[index]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!note && creditReach ? (
        <div className="performance-reach">
          <dl>
            <div>
              <dt>{texts.creditReach}</dt>
              <dd>{creditReachText(creditReach.share)}</dd>
            </div>
            {creditReach.sourceClicks !== null ? (
              <div>
                <dt>{texts.sourceClicks}</dt>
                <dd>{figureText(creditReach.sourceClicks)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="small muted">{CREDIT_REACH_EXPLANATION}</p>
        </div>
      ) : null}
    </article>
  );
}

/** Refresh Now, disabled with the time left while the 10 minutes since the last one run. */
function RefreshButton({ threadId, refreshAllowedAt }: { threadId: string; refreshAllowedAt: string | null }) {
  const { toast } = useToast();
  const refresh = useRefreshThreadPerformance(threadId);
  const now = useNow(15_000);
  const waitMs = refreshWaitMs(refreshAllowedAt, now);
  const hintId = `refresh-hint-${threadId}`;
  const run = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast({ ...texts.refreshed, variant: 'success' }),
      onError: (error) => toast({ ...texts.refreshFailed, description: error.message, variant: 'destructive' }),
    });
  return (
    <div className="performance__refresh">
      <button
        type="button"
        className="button"
        disabled={waitMs > 0 || refresh.isPending}
        aria-describedby={waitMs > 0 ? hintId : undefined}
        onClick={run}
      >
        {refresh.isPending ? texts.refreshing : texts.refreshNow}
      </button>
      {waitMs > 0 ? (
        <span id={hintId} className="small muted">
          {refreshWaitText(waitMs)}
        </span>
      ) : null}
    </div>
  );
}

/** Thread detail → Performance: per platform the latest figures, the line over the readings and credit reach. */
export function PerformanceSection({ threadId }: { threadId: string }) {
  const performance = useThreadPerformance(threadId);
  return (
    <section className="card stack performance" aria-labelledby="performance-heading">
      <header className="performance__header">
        <h2 id="performance-heading">{texts.performanceTitle}</h2>
        {performance.data && performance.data.platforms.length > 0 ? (
          <RefreshButton threadId={threadId} refreshAllowedAt={performance.data.refreshAllowedAt} />
        ) : null}
      </header>
      {performance.isPending ? (
        <LoadingState as="p">Loading figures…</LoadingState>
      ) : performance.isError ? (
        <ErrorState>
          {texts.performanceLoadFailed} {performance.error.message}
        </ErrorState>
      ) : performance.data.platforms.length === 0 ? (
        <p className="muted">{texts.notPublished}</p>
      ) : (
        <>
          <p>
            {texts.totalEngagement}: <strong>{figureText(performance.data.totalEngagement)}</strong>
          </p>
          {performance.data.platforms.map((platform) => (
            <PlatformFigures key={platform.platform} performance={platform} />
          ))}
        </>
      )}
    </section>
  );
}

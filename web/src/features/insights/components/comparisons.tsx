import type { ComparisonGroup, InsightsResponse } from '#shared/schemas/insights';
import { barShare, figureText, sampleSizeText } from '../lib/figures';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

function Comparison({ title, groups }: { title: string; groups: ComparisonGroup[] }) {
  const shares = barShare(groups.map((group) => group.averageEngagement));
  return (
    <section className="insights-comparison stack" aria-label={title}>
      <h3>{title}</h3>
      {groups.length === 0 ? (
        <p className="small muted">{texts.notReported}</p>
      ) : (
        <ul className="plain-list insights-comparison__groups">
          {groups.map((group, index) => (
            <li key={group.key} className="insights-comparison__group">
              <span className="insights-comparison__label">{group.label}</span>
              <span className="insights-comparison__bar" aria-hidden="true">
                <span style={{ width: `${(shares[index] ?? 0) * 100}%` }} />
              </span>
              <span>
                {texts.averageEngagement}: {figureText(Math.round(group.averageEngagement))}
              </span>
              <span className="small muted">{sampleSizeText(group.threads)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What helps the next thread: average engagement by platform, tone, hook length and hour, each with its sample size. */
export function Comparisons({ comparisons, timeZone }: Pick<InsightsResponse, 'comparisons' | 'timeZone'>) {
  return (
    <section className="card stack" aria-labelledby="comparisons-heading">
      <h2 id="comparisons-heading">{texts.comparisons}</h2>
      <div className="insights-comparisons">
        <Comparison title={texts.byPlatform} groups={comparisons.byPlatform} />
        <Comparison title={texts.byTone} groups={comparisons.byTone} />
        <Comparison title={texts.byHookLength} groups={comparisons.byHookLength} />
        <Comparison title={`${texts.byHour} (${timeZone})`} groups={comparisons.byHourOfPublishing} />
      </div>
    </section>
  );
}

import { creditComparisonMessages as messages } from '#shared/messages/insights';
import type { CreditComparison, CreditGroup, InsightsResponse } from '#shared/schemas/insights';
import { creditReachText, figureText } from '../lib/figures';

/** A group's median link clicks with its own sample size, or 'not reported' when no thread of it had clicks reported. */
function linkClicksText(group: CreditGroup): string {
  const { median, threads } = group.linkClicks;
  return median === null ? messages.clicksNotReported : messages.linkClicks(figureText(Math.round(median)), threads);
}

/**
 * One comparison as a table: each group with its threads, and, once every group has enough threads
 * to mean something, the median credit reach and link clicks; until then it says how far it is.
 */
function CreditComparisonTable({ comparison }: { comparison: CreditComparison }) {
  const { enough } = comparison;
  return (
    <section className="insights-comparison stack" aria-label={comparison.title}>
      <h3>{comparison.title}</h3>
      {enough ? null : (
        <p className="small muted">{messages.notEnough(comparison.smallestGroup, comparison.minimumPerGroup)}</p>
      )}
      <div className="insights-table-wrap">
        <table className="insights-table">
          <caption className="insights-visually-hidden">{comparison.title}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.columns.group}</th>
              <th scope="col">{messages.columns.threads}</th>
              {enough ? (
                <>
                  <th scope="col">{messages.columns.medianCreditReach}</th>
                  <th scope="col">{messages.columns.linkClicks}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {comparison.groups.map((group) => (
              <tr key={group.key}>
                <th scope="row">{group.label}</th>
                <td>{figureText(group.threads)}</td>
                {enough ? (
                  <>
                    <td>{creditReachText(group.medianCreditReach)}</td>
                    <td>{linkClicksText(group)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {comparison.leftOut > 0 ? (
        <p className="small muted">{messages.leftOut[comparison.dimension](comparison.leftOut)}</p>
      ) : null}
    </section>
  );
}

/**
 * 'What works for your audience': credit reach by link placement, by quoting the author and by the
 * plug, as the API groups it (shared/insights/credit-comparisons.ts); nothing when there is nothing to compare.
 */
export function CreditComparisons({ comparisons }: { comparisons: InsightsResponse['creditComparisons'] }) {
  if (comparisons.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="credit-comparisons-heading">
      <h2 id="credit-comparisons-heading">{messages.title}</h2>
      <p className="muted">{messages.intro}</p>
      <div className="insights-comparisons">
        {comparisons.map((comparison) => (
          <CreditComparisonTable
            key={`${comparison.dimension}-${comparison.platform ?? 'all'}`}
            comparison={comparison}
          />
        ))}
      </div>
    </section>
  );
}

import { Link } from 'react-router-dom';
import type { InsightsResponse } from '#shared/schemas/insights';
import { TONE_LABELS } from '#shared/tones';
import { paths } from '#web/config/paths';
import { figureText } from '../lib/figures';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

const PUBLISHED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The period's most engaged threads, each linked to its detail (and its Performance section). */
export function TopThreads({ threads }: { threads: InsightsResponse['topThreads'] }) {
  return (
    <section className="card stack" aria-labelledby="top-threads-heading">
      <h2 id="top-threads-heading">{texts.topThreads}</h2>
      <ol className="insights-top">
        {threads.map((thread) => (
          <li key={thread.threadId}>
            <Link to={paths.thread.getHref(thread.threadId)}>{thread.title}</Link>
            <span className="small muted">
              {' '}
              · {TONE_LABELS[thread.tone]} · published{' '}
              <time dateTime={thread.publishedAt}>{PUBLISHED.format(new Date(thread.publishedAt))}</time>
            </span>
            <span className="insights-top__figure">
              {figureText(thread.engagement)} {thread.engagement === 1 ? 'engagement' : 'engagements'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

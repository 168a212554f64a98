import { Link } from 'react-router-dom';
import type { InsightsResponse } from '#shared/schemas/insights';
import { paths } from '#web/config/paths';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

const PUBLISHED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The period's published threads that will never have figures (they went only to platforms that
 * report none): why, per platform, with how many threads, and the newest of them linked to their detail.
 */
export function UnreportedThreads({
  unreported,
  nothingElse,
}: {
  unreported: InsightsResponse['unreported'];
  /** No thread of the period has figures: this is the whole page. */
  nothingElse: boolean;
}) {
  const more = unreported.threads - unreported.newest.length;
  return (
    <section className="card stack" aria-labelledby="unreported-heading">
      <h2 id="unreported-heading">{texts.unreportedTitle}</h2>
      <p className="muted">{nothingElse ? texts.unreportedEmptyText : texts.unreportedText}</p>
      <ul className="plain-list">
        {unreported.byPlatform.map((entry) => (
          <li key={entry.platform}>
            {entry.note}: {texts.unreportedCount(entry.threads)}
          </li>
        ))}
      </ul>
      <ol className="insights-top">
        {unreported.newest.map((thread) => (
          <li key={thread.threadId}>
            <Link to={paths.thread.getHref(thread.threadId)}>{thread.title}</Link>
            <span className="small muted">
              {' '}
              · published <time dateTime={thread.publishedAt}>{PUBLISHED.format(new Date(thread.publishedAt))}</time> ·{' '}
              {thread.platforms.map((platform) => platform.note).join(' · ')}
            </span>
          </li>
        ))}
      </ol>
      {more > 0 ? <p className="small muted">{texts.unreportedMore(more)}</p> : null}
    </section>
  );
}

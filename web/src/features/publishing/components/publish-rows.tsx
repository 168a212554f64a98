import { platformMessages } from '#shared/messages/connections';
import type { PlatformPublishState } from '#shared/schemas/publishing';
import { type PublishRow, publishRowId, publishRowLabel } from '../lib/publish-rows';
import { PlugStatus } from './thread-plugs';

function rowText(row: PlatformPublishState | undefined): string {
  if (!row || row.status === 'pending') return platformMessages.waitingToPost;
  if (row.status === 'posting') return platformMessages.postingNow;
  if (row.status === 'completed') return platformMessages.successfullyPosted;
  return row.error || platformMessages.failedToPost;
}

/**
 * Live rows per platform, or per account where a platform posts to several ('Mastodon ·
 * @news@social.example'): 'Waiting to post...', 'Posting now...', 'Successfully posted!' with View, or
 * the error with Retry (when `onRetry` is given); and why the credit does not quote the author's post
 * when it was meant to.
 */
export function PublishRows({
  rows,
  onRetry,
  retryDisabled = false,
}: {
  rows: readonly PublishRow[];
  onRetry?: (row: PublishRow) => void;
  retryDisabled?: boolean;
}) {
  return (
    <ul className="stack" aria-live="polite">
      {rows.map((item) => {
        const { row } = item;
        const label = publishRowLabel(item);
        return (
          <li
            key={publishRowId(item)}
            data-testid={publishRowId(item)}
            className={`publish-row publish-row--${row?.status ?? 'pending'}`}
          >
            <strong>{label}</strong> <span>{rowText(row)}</span>
            {row?.status === 'completed' && row.postUrl ? (
              <>
                {' '}
                <a href={row.postUrl} target="_blank" rel="noreferrer">
                  View
                </a>
              </>
            ) : null}
            {row?.status === 'failed' && onRetry ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button button--small"
                  disabled={retryDisabled}
                  aria-label={`${platformMessages.retryPosting} (${label})`}
                  onClick={() => onRetry(item)}
                >
                  {platformMessages.retryPosting}
                </button>
              </>
            ) : null}
            {row?.quoteNote ? <p className="small muted">{row.quoteNote}</p> : null}
            {row?.plug ? (
              <p>
                <PlugStatus plug={row.plug} />
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

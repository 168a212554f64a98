import { platformMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { PlatformPublishState } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { PlugStatus } from './thread-plugs';

/** One platform's row: the publish status and, once posted, the View link. */
export interface PublishRow {
  platform: Platform;
  row: PlatformPublishState | undefined;
}

function rowText(row: PlatformPublishState | undefined): string {
  if (!row || row.status === 'pending') return platformMessages.waitingToPost;
  if (row.status === 'posting') return platformMessages.postingNow;
  if (row.status === 'completed') return platformMessages.successfullyPosted;
  return row.error || platformMessages.failedToPost;
}

/**
 * Live rows per platform: 'Waiting to post...', 'Posting now...', 'Successfully posted!' with View, or
 * the error; and why the credit does not quote the author's post when it was meant to.
 */
export function PublishRows({ rows }: { rows: readonly PublishRow[] }) {
  return (
    <ul className="stack" aria-live="polite">
      {rows.map(({ platform, row }) => (
        <li
          key={platform}
          data-testid={`publish-row-${platform}`}
          className={`publish-row publish-row--${row?.status ?? 'pending'}`}
        >
          <strong>{platformDisplayName(platform)}</strong> <span>{rowText(row)}</span>
          {row?.status === 'completed' && row.postUrl ? (
            <>
              {' '}
              <a href={row.postUrl} target="_blank" rel="noreferrer">
                View
              </a>
            </>
          ) : null}
          {row?.quoteNote ? <p className="small muted">{row.quoteNote}</p> : null}
          {row?.plug ? (
            <p>
              <PlugStatus plug={row.plug} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

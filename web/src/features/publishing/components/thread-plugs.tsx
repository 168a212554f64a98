import { plugMessages, plugStatusText } from '#shared/messages/publishing';
import { platformDisplayName } from '#shared/platforms';
import type { PlatformPublishState } from '#shared/schemas/publishing';
import { usePublishStatus } from '../api/get-publish-status';

/** One platform's plug line: its state, and the reply once fired. */
export function PlugStatus({ plug }: { plug: NonNullable<PlatformPublishState['plug']> }) {
  return (
    <span className="small">
      {plugStatusText(plug)}
      {plug.state === 'fired' && plug.firedUrl ? (
        <>
          {' '}
          <a href={plug.firedUrl} target="_blank" rel="noreferrer">
            {plugMessages.viewReply}
          </a>
        </>
      ) : null}
    </span>
  );
}

/** The thread page's plugs, per platform published to with one armed: armed, fired (with its link), expired or cancelled. */
export function ThreadPlugs({ threadId }: { threadId: string }) {
  const rows = (usePublishStatus(threadId).data?.platforms ?? []).filter((row) => row.plug);
  if (rows.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="thread-plugs-heading">
      <h2 id="thread-plugs-heading">{plugMessages.settingsHeading}</h2>
      <ul className="stack">
        {rows.map((row) => (
          <li key={row.platform} data-testid={`plug-${row.platform}`}>
            <strong>{platformDisplayName(row.platform)}</strong> <PlugStatus plug={row.plug!} />
          </li>
        ))}
      </ul>
    </section>
  );
}

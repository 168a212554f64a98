import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { failedToPostTo, platformMessages, publishingFailed } from '../../../../../shared/messages';
import { platformDisplayName } from '../../../../../shared/platforms';
import type { PlatformPublishState } from '../../../../../shared/schemas/publishing';
import type { Platform } from '../../../../../shared/schemas/thread';
import { useToast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { usePublishStatus } from '../api/get-publish-status';

function rowText(row: PlatformPublishState | undefined): string {
  if (!row || row.status === 'pending') return platformMessages.waitingToPost;
  if (row.status === 'posting') return platformMessages.postingNow;
  if (row.status === 'completed') return platformMessages.successfullyPosted;
  return row.error || platformMessages.failedToPost;
}

/** The publish step: one live row per platform, then the summary toast and View Thread Details. */
export function PublishStep({
  threadId,
  platforms,
  onBack,
}: {
  threadId: string;
  platforms: Platform[];
  onBack: () => void;
}) {
  const status = usePublishStatus(threadId);
  const { toast } = useToast();
  const rows = platforms.map((platform) => ({
    platform,
    row: status.data?.platforms.find((item) => item.platform === platform),
  }));
  const ended =
    status.data !== undefined && rows.every(({ row }) => row?.status === 'completed' || row?.status === 'failed');
  const announced = useRef(false);

  useEffect(() => {
    if (!ended || announced.current) return;
    announced.current = true;
    const failed = rows.filter(({ row }) => row?.status === 'failed');
    if (failed.length === 0) toast({ ...platformMessages.allPlatformsPosted, variant: 'success' });
    else if (failed.length < rows.length) toast({ ...platformMessages.partiallyPosted, variant: 'warning' });
    else {
      const first = failed[0]!;
      const text = failedToPostTo(platformDisplayName(first.platform), first.row?.error);
      toast({ ...publishingFailed(text.description ?? text.title), variant: 'destructive' });
    }
  }, [ended, rows, toast]);

  return (
    <section className="card create-card stack" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
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
          </li>
        ))}
      </ul>
      <div className="preview__actions">
        <button type="button" className="button" onClick={onBack}>
          Back to Platform Selection
        </button>
        {ended ? (
          <Link className="button button--primary" to={paths.thread.getHref(threadId)}>
            View Thread Details
          </Link>
        ) : null}
      </div>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { platformMessages } from '#shared/messages/connections';
import { failedToPostTo, publishingFailed } from '#shared/messages/publishing';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { usePublishRows } from '../hooks/use-publish-rows';
import { type PublishRow, PublishRows } from './publish-rows';

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
  const { toast } = useToast();
  const announce = (rows: PublishRow[]) => {
    const failed = rows.filter(({ row }) => row?.status === 'failed');
    if (failed.length === 0) toast({ ...platformMessages.allPlatformsPosted, variant: 'success' });
    else if (failed.length < rows.length) toast({ ...platformMessages.partiallyPosted, variant: 'warning' });
    else {
      const first = failed[0]!;
      const text = failedToPostTo(platformDisplayName(first.platform), first.row?.error);
      toast({ ...publishingFailed(text.description ?? text.title), variant: 'destructive' });
    }
  };
  const { rows, ended } = usePublishRows(threadId, platforms, platforms.join(','), announce);

  return (
    <section className="card create-card stack" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
      <PublishRows rows={rows} />
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

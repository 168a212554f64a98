import { useState } from 'react';
import { Link } from 'react-router-dom';
import { platformMessages } from '#shared/messages/connections';
import { failedToPostTo, publishingFailed } from '#shared/messages/publishing';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useConfirmedPublish } from '../hooks/use-confirmed-publish';
import { usePublishRows } from '../hooks/use-publish-rows';
import { type PublishRow, publishRowLabel, retryTarget } from '../lib/publish-rows';
import { PublishRows } from './publish-rows';
import { RepublishDialog } from './republish-dialog';

/**
 * The publish step: one live row per platform (per account where several of one platform were
 * chosen), Retry on a failed one, then the summary toast and View Thread Details.
 */
export function PublishStep({
  threadId,
  platforms,
  accounts,
  onBack,
}: {
  threadId: string;
  platforms: Platform[];
  /** The accounts chosen of each platform with several (absent: each platform's only account). */
  accounts?: ChosenAccounts;
  onBack: () => void;
}) {
  const { toast } = useToast();
  const publish = useConfirmedPublish(threadId);
  const [retries, setRetries] = useState(0);
  const announce = (rows: PublishRow[]) => {
    const failed = rows.filter(({ row }) => row?.status === 'failed');
    if (failed.length === 0) toast({ ...platformMessages.allPlatformsPosted, variant: 'success' });
    else if (failed.length < rows.length) toast({ ...platformMessages.partiallyPosted, variant: 'warning' });
    else {
      const first = failed[0]!;
      const text = failedToPostTo(publishRowLabel(first), first.row?.error);
      toast({ ...publishingFailed(text.description ?? text.title), variant: 'destructive' });
    }
  };
  const runKey = `${platforms.join(',')}#${retries}`;
  const { rows, ended } = usePublishRows(threadId, platforms, accounts, runKey, announce);
  const retry = (row: PublishRow) =>
    void publish.start({ ...retryTarget(row), origin: 'create' }, () => setRetries((count) => count + 1));

  return (
    <section className="card create-card stack" aria-labelledby="publish-title">
      <h2 id="publish-title">Publishing</h2>
      <PublishRows rows={rows} onRetry={retry} retryDisabled={publish.busy} />
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
      <RepublishDialog question={publish.question} onConfirm={publish.confirm} onCancel={publish.cancel} />
    </section>
  );
}

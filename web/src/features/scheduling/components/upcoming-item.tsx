import { useState } from 'react';
import { Link } from 'react-router-dom';
import { schedulingMessages, WAITING_FOR_APPROVAL_TEXT } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import type { Platform } from '#shared/schemas/thread';
import { formatZonedTime } from '#shared/time-zone';
import { Dialog } from '#web/components/ui/dialog';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useCancelScheduledItem } from '../api/cancel-scheduled-item';
import { usePublishScheduledNow } from '../api/publish-scheduled-now';
import { useRescheduleItem } from '../api/reschedule-item';
import { useTimePicker } from '../hooks/use-time-picker';
import { outcomeKey, outcomeLabel } from './past-item';
import { ScheduleTimeDialog } from './schedule-time-dialog';

const texts = schedulingMessages;

/** The platform has an account the item still posts to (not every one of its accounts failed already). */
function stillToPost(item: ScheduledItem, platform: Platform): boolean {
  const failed = item.outcomes.filter((outcome) => outcome.platform === platform).length;
  return failed < (item.accounts?.[platform]?.length ?? 1);
}

/** One upcoming item of /scheduled: its time, thread and platforms, with Reschedule, Cancel and Publish Now. */
export function UpcomingItem({ item, zone }: { item: ScheduledItem; zone: string }) {
  const { toast } = useToast();
  const reschedule = useRescheduleItem(() => toast({ ...texts.rescheduled, variant: 'success' }));
  const cancel = useCancelScheduledItem();
  const publishNow = usePublishScheduledNow();
  const picker = useTimePicker();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const busy = reschedule.isPending || cancel.isPending || publishNow.isPending;
  const failed = (error: Error) => toast({ ...texts.actionFailed, description: error.message, variant: 'destructive' });

  const onPicked = (at: string) =>
    reschedule.mutate(
      { itemId: item.itemId, request: { at, timeZone: zone } },
      picker.settle(() => undefined),
    );

  const onCancel = () => {
    setConfirmingCancel(false);
    cancel.mutate(item.itemId, {
      onSuccess: () => toast({ ...texts.cancelled, variant: 'success' }),
      onError: failed,
    });
  };

  const onPublishNow = () =>
    publishNow.mutate(item.itemId, {
      onSuccess: () => toast({ ...texts.publishStarted, variant: 'success' }),
      onError: failed,
    });

  const time = formatZonedTime(item.at, zone);
  return (
    <li className="card scheduled-item" data-item-id={item.itemId} aria-label={`${item.threadTitle} at ${time}`}>
      <time className="scheduled-item__time" dateTime={item.at}>
        {time}
      </time>
      <div className="scheduled-item__body">
        <Link to={paths.thread.getHref(item.threadId)} className="scheduled-item__title">
          {item.threadTitle}
        </Link>
        <p className="small muted">
          {item.platforms
            .filter((platform) => stillToPost(item, platform))
            .map(platformDisplayName)
            .join(', ')}
          {item.source === 'queue' ? ' · from your queue' : null}
        </p>
        {item.waitingForApproval ? (
          // Its time came before the thread was approved: it fires on approval, within the grace window.
          <p className="small">
            <span className="badge badge--info">{WAITING_FOR_APPROVAL_TEXT}</span>
          </p>
        ) : null}
        {item.outcomes.length > 0 ? (
          // Platforms that failed before the time (disconnected since): the rest still post.
          <ul className="plain-list small scheduled-item__outcomes" aria-label={`Failed for ${item.threadTitle}`}>
            {item.outcomes.map((outcome) => (
              <li key={outcomeKey(outcome)}>
                {outcomeLabel(outcome)}: {outcome.error}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="row scheduled-item__actions">
        <button type="button" className="button" disabled={busy} onClick={picker.show}>
          {texts.reschedule}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onPublishNow}>
          {texts.publishNow}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => setConfirmingCancel(true)}
        >
          {texts.cancel}
        </button>
      </div>
      <ScheduleTimeDialog
        picker={picker}
        title={texts.rescheduleTitle}
        confirmLabel={texts.reschedule}
        zone={zone}
        initialAt={item.at}
        busy={reschedule.isPending}
        onConfirm={onPicked}
      />
      <Dialog
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title={texts.cancelTitle}
        description={`${item.threadTitle} will not be published to ${item.platforms.map(platformDisplayName).join(', ')}.`}
      >
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setConfirmingCancel(false)}>
            {texts.cancelKeep}
          </button>
          <button type="button" className="button button--danger" onClick={onCancel}>
            {texts.cancelConfirm}
          </button>
        </div>
      </Dialog>
    </li>
  );
}

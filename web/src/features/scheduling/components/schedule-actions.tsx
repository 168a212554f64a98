import { scheduledForText, schedulingMessages } from '#shared/messages/scheduling';
import type { LinkPlacements } from '#shared/publishing/link-placement';
import type { PlugChoice } from '#shared/publishing/plug';
import type { ChosenQuotes } from '#shared/schemas/author-posts';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import type { Platform } from '#shared/schemas/thread';
import { formatZonedDateTime } from '#shared/time-zone';
import { useToast } from '#web/components/ui/use-toast';
import { useScheduleThread } from '../api/schedule-thread';
import { useScheduleZone } from '../hooks/use-schedule-zone';
import { useTimePicker } from '../hooks/use-time-picker';
import { ScheduleTimeDialog } from './schedule-time-dialog';

const texts = schedulingMessages;

interface ScheduleActionsProps {
  threadId: string;
  /** The chosen platforms; their Discord channel or subreddit is the connection's chosen target. */
  platforms: Platform[];
  /** The share rules are not met yet (nothing chosen, a target missing, an account not chosen, a publish under way). */
  disabled: boolean;
  /**
   * Add to Queue's own rule (default: `disabled`): the same but for an account not chosen on a platform
   * with several, which the queue slot may name.
   */
  queueDisabled?: boolean;
  /** Link placements chosen on the share step, kept with the thread for the fire. */
  linkPlacements?: LinkPlacements;
  /** The author's posts chosen to quote in the credit, kept with the item and checked again at the fire. */
  quotes?: ChosenQuotes;
  /** The plug chosen on the share step, kept with the thread for the fire. */
  plug?: PlugChoice;
  /** The accounts chosen of each platform with several; the item posts to each of them. */
  accounts?: ChosenAccounts;
}

/** 'Schedule' (a date and time picker in the user's zone) and 'Add to Queue' (the next free weekly slot). */
export function ScheduleActions({
  threadId,
  platforms,
  disabled,
  queueDisabled = disabled,
  linkPlacements,
  quotes,
  plug,
  accounts,
}: ScheduleActionsProps) {
  const zone = useScheduleZone();
  const schedule = useScheduleThread(threadId);
  const { toast } = useToast();
  const picker = useTimePicker();

  const announce = (title: string, item: ScheduledItem) =>
    toast({ title, description: scheduledForText(formatZonedDateTime(item.at, zone)), variant: 'success' });

  const onPicked = (at: string) =>
    schedule.mutate(
      { platforms, at, timeZone: zone, linkPlacements, quotes, plug, accounts },
      picker.settle((item: ScheduledItem) => announce(texts.scheduled.title, item)),
    );

  const onQueue = () =>
    schedule.mutate(
      { platforms, queue: true, linkPlacements, quotes, plug, accounts },
      {
        onSuccess: (item) => announce(texts.queued.title, item),
        onError: (error) => toast({ ...texts.scheduleFailed, description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <>
      <button type="button" className="button" disabled={disabled || schedule.isPending} onClick={picker.show}>
        {texts.schedule}
      </button>
      <button type="button" className="button" disabled={queueDisabled || schedule.isPending} onClick={onQueue}>
        {texts.addToQueue}
      </button>
      <ScheduleTimeDialog
        picker={picker}
        title={texts.scheduleTitle}
        confirmLabel={texts.schedule}
        zone={zone}
        busy={schedule.isPending}
        onConfirm={onPicked}
      />
    </>
  );
}

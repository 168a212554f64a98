// Scheduling texts: Schedule and Add to Queue, the posting queue settings and the /scheduled page.

/** Scheduling: the Schedule and Add to Queue actions, the posting queue settings, the /scheduled page. */
export const schedulingMessages = {
  schedule: 'Schedule',
  addToQueue: 'Add to Queue',
  scheduleTitle: 'Schedule Publishing',
  rescheduleTitle: 'Reschedule',
  pickerLabel: 'Date and time',
  scheduled: { title: 'Scheduled' },
  queued: { title: 'Added to Queue' },
  scheduleFailed: { title: 'Scheduling Failed' },
  chooseTime: 'Choose a date and time',
  timeInPast: 'Choose a time in the future',
  timeTooFar: 'Choose a time within the next year',
  queueTitle: 'Posting Queue',
  queueIntro:
    'Add to Queue puts a thread into the next free weekly slot. Slots are times on your clock in this time zone, so 09:00 stays 09:00 when the clocks change.',
  timeZoneLabel: 'Time zone',
  addSlot: 'Add Slot',
  removeSlot: 'Remove',
  /** A queue slot's account chooser on a platform with several accounts. */
  slotAccountLegend: (slotNumber: number, platformName: string) => `Slot ${slotNumber} ${platformName} account`,
  slotAccountNone: 'Chosen with each thread',
  noSlots: 'No slots yet. Add the days and times you want threads to go out.',
  saveQueue: 'Save Queue',
  queueSaved: { title: 'Posting queue saved' },
  queueSaveFailed: { title: 'Could not save the posting queue' },
  queueLoadFailed: 'Could not load your posting queue.',
  pageTitle: 'Scheduled',
  upcoming: 'Upcoming',
  past: 'Past 30 Days',
  listLoadFailed: 'Could not load your scheduled threads.',
  emptyTitle: 'Nothing scheduled yet',
  emptyText:
    'Schedule a thread for a chosen moment, or set weekly slots in Account Settings and use Add to Queue to fill the next free one. Scheduled threads appear here, grouped by day.',
  noPast: 'Nothing was published from the schedule in the last 30 days.',
  reschedule: 'Reschedule',
  rescheduled: { title: 'Rescheduled' },
  cancel: 'Cancel',
  cancelTitle: 'Cancel this scheduled publish?',
  cancelConfirm: 'Cancel Publish',
  cancelKeep: 'Keep',
  cancelled: { title: 'Scheduled publish cancelled' },
  publishNow: 'Publish Now',
  publishStarted: { title: 'Publishing now' },
  actionFailed: { title: 'Error' },
  outcomeCompleted: 'Posted',
  outcomePending: 'Posting…',
  outcomeFailed: 'Failed',
  statusCancelled: 'Cancelled',
};

/** A scheduled time closer than the shortest lead (a minute, unless configured otherwise for tests). */
export function scheduleTooSoonText(minLeadSeconds: number): string {
  const lead =
    minLeadSeconds % 60 === 0
      ? `${minLeadSeconds / 60} minute${minLeadSeconds === 60 ? '' : 's'}`
      : `${minLeadSeconds} seconds`;
  return `Choose a time at least ${lead} from now.`;
}

/** Why a scheduled platform posted nothing: it was disconnected (or its grant lapsed) before the time. */
export function reconnectToPublishText(platformName: string): string {
  return `Reconnect ${platformName} to publish`;
}

/**
 * Why a scheduled account posted nothing: the account it names (chosen for it, or named by its queue
 * slot) was disconnected before the time; it posts to no other account instead.
 */
export function reconnectAccountToPublishText(platformName: string, accountName: string): string {
  return `Reconnect the ${platformName} account ${accountName} to publish (nothing was posted to another account)`;
}

/** Why a scheduled item posted nothing at its time: its thread had been deleted. */
export const SCHEDULED_THREAD_GONE_TEXT = 'The thread was deleted before its scheduled time.';

/** Why a scheduled item posted nothing: its thread was approved only after the workspace's grace window, or never. */
export const APPROVAL_TOO_LATE_TEXT =
  "Missed: approval came too late. The thread was not approved within the workspace's grace window after its time.";

/** An upcoming item whose time came while its thread was not approved: it fires when the thread is approved. */
export const WAITING_FOR_APPROVAL_TEXT = 'Waiting for approval';

/** 'Scheduled for Mon, Mar 9, 2026, 9:00 AM GMT' (the time already in the user's zone). */
export function scheduledForText(localDateTime: string): string {
  return `Scheduled for ${localDateTime}`;
}

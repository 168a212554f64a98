import { type FormEvent, memo, useId, useState } from 'react';
import { schedulingMessages } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { ConnectionView } from '#shared/schemas/publishing';
import { type PostingQueue, type PostingSlot, SCHEDULE_LIMITS, WEEKDAYS } from '#shared/schemas/scheduling';
import type { Platform } from '#shared/schemas/thread';
import { browserTimeZone, timeZoneOptions } from '#shared/time-zone';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { useConnections } from '../../connections/api/get-connections';
import { AccountChooser } from '../../connections/components/account-chooser';
import { usePostingQueue } from '../api/get-posting-queue';
import { useUpdatePostingQueue } from '../api/update-posting-queue';
import {
  checkQueue,
  nextSlotSuggestion,
  platformsWithSeveralAccounts,
  WEEKDAY_NAMES,
  withSlotAccount,
} from '../lib/posting-slots';

const texts = schedulingMessages;

/**
 * Account settings' posting queue: weekly slots (day and time, and on a platform with several accounts
 * the one a slot posts to) and the zone they are read in.
 */
export function PostingQueueCard() {
  const queue = usePostingQueue();
  return (
    <section className="card stack" aria-labelledby="posting-queue-heading">
      <div>
        <h2 id="posting-queue-heading">{texts.queueTitle}</h2>
        <p className="muted">{texts.queueIntro}</p>
      </div>
      {queue.isPending ? (
        <LoadingState as="p" className="" spinner={false}>
          Loading your posting queue…
        </LoadingState>
      ) : queue.isError ? (
        <ErrorState>
          {texts.queueLoadFailed} {queue.error.message}
        </ErrorState>
      ) : (
        // Keyed by the saved queue, so the form starts again from what the server holds.
        <QueueForm key={JSON.stringify(queue.data)} saved={queue.data ?? { timeZone: browserTimeZone(), slots: [] }} />
      )}
    </section>
  );
}

function QueueForm({ saved }: { saved: PostingQueue }) {
  const problemId = useId();
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [slots, setSlots] = useState<PostingSlot[]>(saved.slots);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdatePostingQueue();
  const { toast } = useToast();
  const full = slots.length >= SCHEDULE_LIMITS.maxSlotsPerWeek;
  const connections = useConnections();
  // A slot names an account only where there is a choice: a platform with several connected.
  const choices = platformsWithSeveralAccounts(connections.data?.connections ?? []);

  const edit = (next: PostingSlot[]) => {
    setSlots(next);
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkQueue({ timeZone, slots });
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    update.mutate(checked.queue, {
      onSuccess: () => toast({ ...texts.queueSaved, variant: 'success' }),
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <form className="stack" noValidate onSubmit={onSubmit} aria-describedby={problem ? problemId : undefined}>
      <ZoneSelect value={timeZone} onChange={setTimeZone} />
      {slots.length === 0 ? (
        <p className="muted">{texts.noSlots}</p>
      ) : (
        <ul className="plain-list queue-slots" aria-label="Weekly slots">
          {slots.map((slot, index) => (
            <SlotRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a slot row is its position; two rows may hold the same slot while being edited
              key={index}
              slot={slot}
              number={index + 1}
              choices={choices}
              onChange={(next) => edit(slots.map((each, at) => (at === index ? next : each)))}
              onRemove={() => edit(slots.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      )}
      {full ? <p className="small muted">At most {SCHEDULE_LIMITS.maxSlotsPerWeek} slots per week.</p> : null}
      {problem ? (
        <p id={problemId} className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={full}
          onClick={() => edit([...slots, nextSlotSuggestion(slots)])}
        >
          {texts.addSlot}
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : texts.saveQueue}
        </button>
      </div>
    </form>
  );
}

/** The zone picker: some 400 options, so it re-renders only when the zone changes, not with every slot edit. */
const ZoneSelect = memo(function ZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{texts.timeZoneLabel}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {timeZoneOptions(value).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </div>
  );
});

function SlotRow({
  slot,
  number,
  choices,
  onChange,
  onRemove,
}: {
  slot: PostingSlot;
  number: number;
  choices: ReadonlyMap<Platform, ConnectionView[]>;
  onChange: (slot: PostingSlot) => void;
  onRemove: () => void;
}) {
  const dayId = useId();
  const timeId = useId();
  return (
    <li className="queue-slot">
      <div className="field">
        <label htmlFor={dayId}>Slot {number} day</label>
        <select
          id={dayId}
          value={slot.day}
          onChange={(event) => onChange({ ...slot, day: event.target.value as PostingSlot['day'] })}
        >
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {WEEKDAY_NAMES[day]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={timeId}>Slot {number} time</label>
        <input
          id={timeId}
          type="time"
          value={slot.time}
          required
          onChange={(event) => onChange({ ...slot, time: event.target.value })}
        />
      </div>
      {[...choices].map(([platform, accounts]) => {
        const named = slot.accounts?.[platform];
        return (
          <AccountChooser
            key={platform}
            platform={platform}
            accounts={accounts}
            // An account disconnected since is not offered: the slot shows none chosen until another is.
            chosen={named && accounts.some((account) => account.accountId === named) ? [named] : []}
            single
            noneLabel={texts.slotAccountNone}
            legend={texts.slotAccountLegend(number, platformDisplayName(platform))}
            onChange={([accountId]) => onChange(withSlotAccount(slot, platform, accountId))}
          />
        );
      })}
      <button type="button" className="button" aria-label={`Remove slot ${number}`} onClick={onRemove}>
        {texts.removeSlot}
      </button>
    </li>
  );
}

import { type FormEvent, useId, useRef, useState } from 'react';
import { schedulingMessages } from '#shared/messages/scheduling';
import { fromWallClock, toWallClock } from '#shared/time-zone';
import { Dialog } from '#web/components/ui/dialog';
import type { TimePicker } from '../hooks/use-time-picker';
import { pickedTimeProblem, pickerBounds } from '../lib/picked-time';

const texts = schedulingMessages;

interface ScheduleTimeDialogProps {
  /** Open or not, and the server's refusal of the last pick (shown under the picker). */
  picker: TimePicker;
  title: string;
  confirmLabel: string;
  /** The zone the picker's wall clock is in (the queue's, else the browser's). */
  zone: string;
  /** The time shown first (an item's current time when rescheduling); an hour from now otherwise. */
  initialAt?: string;
  busy: boolean;
  /** The picked moment as an ISO date-time with the zone's offset. */
  onConfirm: (at: string) => void;
}

/** A date and time picker in the user's zone; what the browser cannot check (past, beyond a year) is said before sending. */
export function ScheduleTimeDialog(props: ScheduleTimeDialogProps) {
  if (!props.picker.open) return null;
  // Mounted per opening, so the picker starts from the current time each time.
  return <PickerDialog {...props} />;
}

function PickerDialog({ picker, title, confirmLabel, zone, initialAt, busy, onConfirm }: ScheduleTimeDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [now] = useState(() => new Date());
  const [value, setValue] = useState(() => toWallClock(initialAt ?? new Date(now.getTime() + 3_600_000), zone));
  const [problem, setProblem] = useState<string | null>(null);
  const bounds = pickerBounds(zone, now);
  const shown = problem ?? picker.error;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = pickedTimeProblem(value, zone, new Date());
    setProblem(found);
    const at = fromWallClock(value, zone);
    if (!found && at) onConfirm(at);
  };

  return (
    <Dialog open onClose={picker.close} title={title} initialFocusRef={inputRef}>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{texts.pickerLabel}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="datetime-local"
            value={value}
            min={bounds.min}
            max={bounds.max}
            required
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${hintId} ${problemId}` : hintId}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
          <p id={hintId} className="small muted">
            Time zone: {zone}
          </p>
        </div>
        {shown ? (
          <p id={problemId} className="notice notice--error" role="alert">
            {shown}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={picker.close}>
            {texts.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

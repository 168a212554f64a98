import { type FormEvent, useId, useRef, useState } from 'react';
import { displayNameProblem, normaliseDisplayName } from '#shared/display-name';
import { displayNameMessages } from '#shared/messages/account';
import { Dialog } from '#web/components/ui/dialog';

const texts = displayNameMessages;

interface DisplayNameDialogProps {
  open: boolean;
  pending: boolean;
  /** The server's refusal of the last attempt, if any. */
  error: string | null;
  onCancel: () => void;
  /** Called with the name, checked and normalised, to make the thread public with. */
  onConfirm: (displayName: string) => void;
}

/**
 * Asked on the first Make Public of a curator who has no display name yet: the name the public page
 * will show (never their email), kept as the account's.
 */
export function DisplayNameDialog({ open, pending, error, onCancel, onConfirm }: DisplayNameDialogProps) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();
  const shown = problem ?? error;

  const close = () => {
    if (pending) return;
    setProblem(null);
    onCancel();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = displayNameProblem(value);
    if (found) {
      setProblem(found);
      return;
    }
    onConfirm(normaliseDisplayName(value));
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={texts.dialogTitle}
      description={texts.dialogText}
      initialFocusRef={inputRef}
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{texts.label}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            autoComplete="nickname"
            maxLength={200}
            value={value}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? problemId : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
        </div>
        {shown ? (
          <p id={problemId} className="notice notice--error" role="alert">
            {shown}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close} disabled={pending}>
            {texts.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {texts.dialogConfirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

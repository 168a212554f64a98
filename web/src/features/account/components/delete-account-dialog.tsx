import { type FormEvent, useId, useRef, useState } from 'react';
import { accountMessages } from '#shared/messages/account';
import { Dialog } from '#web/components/ui/dialog';

/** Whether the typed text confirms this email (case-insensitive, surrounding spaces ignored). */
export function emailConfirms(typed: string, email: string): boolean {
  const value = typed.trim().toLowerCase();
  return value.length > 0 && value === email.trim().toLowerCase();
}

interface DeleteAccountDialogProps {
  open: boolean;
  email: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (typedEmail: string) => void;
}

/** Asks the user to type their email before deleting the account; Delete stays disabled until it matches. */
export function DeleteAccountDialog({ open, email, pending, onCancel, onConfirm }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const matches = emailConfirms(typed, email);

  const close = () => {
    if (pending) return;
    setTyped('');
    onCancel();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (matches && !pending) onConfirm(typed.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete Account"
      description="This permanently deletes your account, threads, credits and platform connections. This cannot be undone."
      initialFocusRef={inputRef}
    >
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{accountMessages.typeEmailToConfirm}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="email"
            autoComplete="off"
            placeholder={email}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={!matches || pending}>
            {pending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'react';

/** A time picker dialog's state: open or not, and the server's refusal of its last pick. */
export function useTimePicker() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    open,
    error,
    show: () => {
      setError(null);
      setOpen(true);
    },
    close: () => setOpen(false),
    /** A mutation's callbacks for a pick: close and go on when it is taken, keep the reason shown when refused. */
    settle: <T>(onTaken: (result: T) => void) => ({
      onSuccess: (result: T) => {
        setOpen(false);
        onTaken(result);
      },
      onError: (refusal: Error) => setError(refusal.message),
    }),
  };
}

export type TimePicker = ReturnType<typeof useTimePicker>;

import { useState } from 'react';
import { connectionFormMessages } from '#shared/messages/connections';
import { renameAccountRequestSchema } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { useRenameAccount } from '../api/rename-account';

/** 'Rename' on a connected account: its name in a field, checked as the server checks it, then saved. */
export function AccountNameEditor({
  platform,
  accountId,
  name,
}: {
  platform: Platform;
  accountId: string;
  name: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameAccount(platform, accountId);
  const { toast } = useToast();
  if (draft === null) {
    return (
      <button type="button" className="button" onClick={() => setDraft(name)}>
        {connectionFormMessages.renameAccount}
      </button>
    );
  }
  const save = () => {
    const checked = renameAccountRequestSchema.safeParse({ name: draft });
    if (!checked.success) {
      setProblem(connectionFormMessages.accountNameRequired);
      return;
    }
    rename.mutate(checked.data.name, {
      onSuccess: () => {
        setDraft(null);
        setProblem(null);
        toast({ ...connectionFormMessages.accountRenamed, variant: 'success' });
      },
      onError: (error) =>
        toast({ ...connectionFormMessages.renameAccountFailed, description: error.message, variant: 'destructive' }),
    });
  };
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label>
        Account name
        <input value={draft} maxLength={80} onChange={(event) => setDraft(event.target.value)} />
      </label>
      {problem ? (
        <p className="error small" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={rename.isPending}>
          Save name
        </button>
        <button type="button" className="button" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

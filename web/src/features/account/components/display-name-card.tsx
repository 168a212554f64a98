import { type FormEvent, useId, useState } from 'react';
import { displayNameProblem, normaliseDisplayName } from '#shared/display-name';
import { displayNameMessages } from '#shared/messages/account';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { useMe } from '#web/lib/get-me';
import { usePutDisplayName } from '../api/put-display-name';

const texts = displayNameMessages;

/** Account settings' public profile: the display name public pages give the user as a curator. */
export function DisplayNameCard() {
  const me = useMe();
  return (
    <section className="card stack" aria-labelledby="display-name-heading">
      <div>
        <h2 id="display-name-heading">{texts.heading}</h2>
        <p className="muted">{texts.hint}</p>
      </div>
      {me.isPending ? (
        <LoadingState as="p" className="" spinner={false} />
      ) : (
        // Keyed by the saved name, so the form starts again from what the server holds.
        <DisplayNameForm key={me.data?.displayName ?? ''} saved={me.data?.displayName ?? null} />
      )}
    </section>
  );
}

function DisplayNameForm({ saved }: { saved: string | null }) {
  const inputId = useId();
  const problemId = useId();
  const [value, setValue] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePutDisplayName();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = displayNameProblem(value);
    if (found) {
      setProblem(found);
      return;
    }
    save.mutate(
      { displayName: normaliseDisplayName(value) },
      {
        onSuccess: () => toast({ ...texts.saved, variant: 'success' }),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={inputId}>{texts.label}</label>
        <input
          id={inputId}
          type="text"
          autoComplete="nickname"
          maxLength={200}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      {saved === null ? <p className="small muted">{texts.notSet}</p> : null}
      {problem ? (
        <p id={problemId} className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.save}
        </button>
      </div>
    </form>
  );
}

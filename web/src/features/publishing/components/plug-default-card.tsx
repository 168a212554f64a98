import type { FormEvent } from 'react';
import { plugMessages } from '#shared/messages/publishing';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { useMe } from '#web/lib/get-me';
import { usePutPlugDefault } from '../api/put-plug-default';
import { usePlugChoice } from '../hooks/use-plug-choice';
import { PlugField } from './plug-field';

const texts = plugMessages;

/** Account settings' plug: the choice new threads start with (each thread may change it on the share step). */
export function PlugDefaultCard() {
  const me = useMe();
  return (
    <section className="card stack" aria-labelledby="plug-default-heading">
      <div>
        <h2 id="plug-default-heading">{texts.settingsHeading}</h2>
        <p className="muted">{texts.settingsHint}</p>
      </div>
      {me.isPending ? <LoadingState as="p" className="" spinner={false} /> : null}
      {/* The form starts from the saved default, so it waits for the account. */}
      {me.data ? <PlugDefaultForm /> : null}
    </section>
  );
}

function PlugDefaultForm() {
  // No thread: the form starts from the saved default.
  const plug = usePlugChoice(undefined);
  const save = usePutPlugDefault();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const plugDefault = plug.current();
    if (!plugDefault) return;
    save.mutate(
      { plugDefault },
      {
        onSuccess: () => toast({ ...texts.saved, variant: 'success' }),
        onError: (error) => toast({ title: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <PlugField
        enabled={plug.enabled}
        threshold={plug.threshold}
        problem={plug.problem}
        onEnabledChange={plug.setEnabled}
        onThresholdChange={plug.setThreshold}
      />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending || plug.problem !== null}>
          {save.isPending ? texts.saving : texts.save}
        </button>
      </div>
    </form>
  );
}

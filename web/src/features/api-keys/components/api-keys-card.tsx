import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiKeyMessages as texts } from '#shared/messages/api-keys';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '#shared/schemas/api-keys';
import { Dialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { toastForApiError } from '#web/lib/error-texts';
import { useApiKeyActions, useApiKeys } from '../api/api-keys';

/**
 * A workspace's API keys (account settings: the personal workspace; the team page: the team): make
 * one with a name and scopes (its secret shown once, with a copy button), see each key's last use,
 * revoke one after a confirmation. Shown to those who manage the workspace's members; the server
 * checks the same permission.
 */
export function ApiKeysCard({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const keys = useApiKeys(workspaceId);
  const actions = useApiKeyActions(workspaceId);
  const { toast } = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const failed = (error: Error) =>
    toast({
      ...(error instanceof ApiError ? toastForApiError(error) : { title: texts.failed, description: error.message }),
      variant: 'destructive',
    });

  const revoke = (key: ApiKey) =>
    actions.revoke.mutate(key.id, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: texts.revoked, variant: 'success' });
      },
      onError: failed,
    });

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <p className="small muted">
        {texts.intro} <Link to={paths.apiReference.getHref()}>{texts.referenceLink}</Link>
      </p>
      {keys.isPending && <LoadingState as="p" />}
      {keys.isError && <ErrorState>{texts.loadFailed}</ErrorState>}
      {keys.data && keys.data.keys.length === 0 && <p className="small muted">{texts.empty}</p>}
      {keys.data && keys.data.keys.length > 0 && (
        <ul className="plain-list stack" aria-label={texts.title}>
          {keys.data.keys.map((key) => (
            <li key={key.id} className="row" data-api-key={key.id}>
              <strong>{key.name}</strong>
              <code className="small">{key.prefix}…</code>
              <span className="small muted">{key.scopes.map((scope) => texts.scopeLabels[scope]).join(', ')}</span>
              <span className="small muted">
                {texts.createdLabel} {key.createdAt.slice(0, 10)} · {texts.lastUsedLabel}{' '}
                {key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : texts.neverUsed}
              </span>
              <button type="button" className="button" onClick={() => setRevoking(key)}>
                {texts.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      {secret ? (
        <CreatedSecret secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <CreateKeyForm
          busy={actions.create.isPending}
          onCreate={(body, reset) =>
            actions.create.mutate(body, {
              onSuccess: (created) => {
                reset();
                setSecret(created.secret);
              },
              onError: failed,
            })
          }
        />
      )}
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={revoking ? texts.revokeTitle(revoking.name) : ''}
        description={texts.revokeConfirm}
      >
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setRevoking(null)}>
            {texts.keep}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={actions.revoke.isPending}
            onClick={() => revoking && revoke(revoking)}
          >
            {texts.revoke}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function CreateKeyForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (body: { name: string; scopes: ApiKeyScope[] }, reset: () => void) => void;
}) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => API_KEY_SCOPES.filter((each) => (each === scope ? on : current.includes(each))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name: name.trim(), scopes }, () => {
      setName('');
      setScopes(['read']);
    });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <div className="field">
        <label htmlFor={nameId}>{texts.nameLabel}</label>
        <input
          id={nameId}
          value={name}
          maxLength={60}
          placeholder={texts.namePlaceholder}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="field">
        <legend>{texts.scopesLabel}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="row">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            {texts.scopeLabels[scope]}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || name.trim() === '' || scopes.length === 0}
        >
          {busy ? texts.creating : texts.create}
        </button>
      </div>
    </form>
  );
}

/** The new key's secret, this once: copy it, then Done forgets it (the server keeps only its hash). */
function CreatedSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <div className="stack" role="status">
      <h3>{texts.createdTitle}</h3>
      <p className="small">{texts.createdWarning}</p>
      <code data-api-key-secret>{secret}</code>
      <div className="row">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? texts.copied : texts.copy}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {texts.done}
        </button>
      </div>
    </div>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { webhookMessages as texts } from '#shared/messages/webhooks';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '#shared/schemas/webhooks';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { toastForApiError } from '#web/lib/error-texts';
import { useWebhookActions, useWebhookDeliveries, useWebhooks } from '../api/webhooks';

/**
 * A workspace's webhook endpoints, beside its API keys and for the same people (the `members`
 * permission, checked again by the server): add one (URL and events; its signing secret shown once),
 * send a test event and see the answer, see the last deliveries, rotate the secret, pause or resume,
 * delete.
 */
export function WebhooksCard({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const endpoints = useWebhooks(workspaceId);
  const actions = useWebhookActions(workspaceId);
  const { toast } = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const failed = (error: Error) =>
    toast({
      ...(error instanceof ApiError ? toastForApiError(error) : { title: texts.failed, description: error.message }),
      variant: 'destructive',
    });

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <p className="small muted">{texts.intro}</p>
      {endpoints.isPending && <LoadingState as="p" />}
      {endpoints.isError && <ErrorState>{texts.loadFailed}</ErrorState>}
      {endpoints.data && endpoints.data.endpoints.length === 0 && <p className="small muted">{texts.empty}</p>}
      {endpoints.data && endpoints.data.endpoints.length > 0 && (
        <ul className="plain-list stack" aria-label={texts.title}>
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              workspaceId={workspaceId}
              endpoint={endpoint}
              actions={actions}
              onSecret={setSecret}
              onError={failed}
            />
          ))}
        </ul>
      )}
      {secret ? (
        <SecretShownOnce secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <AddEndpointForm
          busy={actions.create.isPending}
          onAdd={(body, reset) =>
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
    </section>
  );
}

function EndpointRow({
  workspaceId,
  endpoint,
  actions,
  onSecret,
  onError,
}: {
  workspaceId: string;
  endpoint: WebhookEndpoint;
  actions: ReturnType<typeof useWebhookActions>;
  onSecret: (secret: string) => void;
  onError: (error: Error) => void;
}) {
  const { toast } = useToast();
  const [showLog, setShowLog] = useState(false);
  const [lastAnswer, setLastAnswer] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(workspaceId, endpoint.id, showLog);
  return (
    <li className="stack" data-webhook={endpoint.id}>
      <div className="row">
        <code className="small">{endpoint.url}</code>
        <span className="small muted">{endpoint.enabled ? texts.enabled : texts.disabled}</span>
      </div>
      <span className="small muted">{endpoint.events.map((event) => texts.eventLabels[event]).join(', ')}</span>
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={actions.test.isPending}
          onClick={() =>
            actions.test.mutate(endpoint.id, {
              onSuccess: ({ delivery }) => setLastAnswer(texts.testAnswer(delivery.status, delivery.excerpt)),
              onError,
            })
          }
        >
          {texts.sendTest}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            actions.update.mutate({ endpointId: endpoint.id, body: { enabled: !endpoint.enabled } }, { onError })
          }
        >
          {endpoint.enabled ? texts.disable : texts.enable}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            actions.rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => {
                onSecret(rotated.secret);
                toast({ title: texts.rotated(WEBHOOK_ROTATION_OVERLAP_HOURS), variant: 'success' });
              },
              onError,
            })
          }
        >
          {texts.rotate}
        </button>
        <button type="button" className="button" onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
          {texts.deliveries}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() =>
            actions.remove.mutate(endpoint.id, {
              onSuccess: () => toast({ title: texts.removed, variant: 'success' }),
              onError,
            })
          }
        >
          {texts.remove}
        </button>
      </div>
      {lastAnswer && (
        <p className="small" role="status">
          {lastAnswer}
        </p>
      )}
      {showLog && deliveries.data && deliveries.data.deliveries.length === 0 && (
        <p className="small muted">{texts.noDeliveries}</p>
      )}
      {showLog && deliveries.data && deliveries.data.deliveries.length > 0 && (
        <table className="small">
          <caption>{texts.deliveries}</caption>
          <tbody>
            {deliveries.data.deliveries.map((delivery) => (
              <tr key={`${delivery.webhookId}-${delivery.attempt}-${delivery.at}`}>
                <td>{new Date(delivery.at).toLocaleString()}</td>
                <td>{delivery.eventType}</td>
                <td>#{delivery.attempt}</td>
                <td>{delivery.status ?? '-'}</td>
                <td>{delivery.durationMs} ms</td>
                <td>{delivery.excerpt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

function AddEndpointForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (body: { url: string; events: WebhookEventType[] }, reset: () => void) => void;
}) {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['thread.published']);
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENT_TYPES.filter((each) => (each === event ? on : current.includes(each))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd({ url: url.trim(), events }, () => {
      setUrl('');
      setEvents(['thread.published']);
    });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <div className="field">
        <label htmlFor={urlId}>{texts.urlLabel}</label>
        <input
          id={urlId}
          type="url"
          value={url}
          placeholder={texts.urlPlaceholder}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <fieldset className="field">
        <legend>{texts.eventsLabel}</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className="row">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            {texts.eventLabels[event]}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || url.trim() === '' || events.length === 0}
        >
          {busy ? texts.adding : texts.add}
        </button>
      </div>
    </form>
  );
}

/** A new signing secret, this once: Done forgets it. */
function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="stack" role="status">
      <h3>{texts.secretTitle}</h3>
      <p className="small">{texts.secretWarning}</p>
      <code data-webhook-secret>{secret}</code>
      <div className="row">
        <button type="button" className="button" onClick={() => void navigator.clipboard.writeText(secret)}>
          {texts.copy}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {texts.done}
        </button>
      </div>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { platformConnectionFailed } from '#shared/messages/connections';
import {
  mastodonPresetServers,
  OTHER_MASTODON_SERVER,
  validateMastodonConnect,
} from '#shared/publishing/mastodon-instance';
import { useToast } from '#web/components/ui/use-toast';
import { useStartOAuthAuthorization } from '../api/start-oauth-authorization';

/**
 * The Mastodon connect form: a preset server or Other with a custom instance, and the
 * username; on submit the browser leaves for the instance's consent screen and comes back here.
 */
export function MastodonConnectForm({ submitLabel, editing = false }: { submitLabel: string; editing?: boolean }) {
  const [server, setServer] = useState('');
  const [customInstance, setCustomInstance] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartOAuthAuthorization('mastodon');
  const { toast } = useToast();
  const servers = mastodonPresetServers(window.location.host);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateMastodonConnect({ server, customInstance, username }, { editing });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    const returnPath = `${window.location.pathname}${window.location.search}`;
    start.mutate(
      { instance: checked.instance, username: checked.username, returnPath },
      {
        onError: (failure) =>
          toast({ ...platformConnectionFailed('Mastodon', failure.message), variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Connect Mastodon">
      <label className="field">
        <span>Server</span>
        <select value={server} onChange={(e) => setServer(e.target.value)}>
          <option value="">Select a server</option>
          {servers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={OTHER_MASTODON_SERVER}>Other</option>
        </select>
      </label>
      {server === OTHER_MASTODON_SERVER && (
        <label className="field">
          <span>Instance</span>
          <input
            value={customInstance}
            onChange={(e) => setCustomInstance(e.target.value)}
            placeholder="mastodon.example"
            autoComplete="off"
          />
        </label>
      )}
      <label className="field">
        <span>Username</span>
        <input value={username} onChange={(e) => setUsername(e.target.value)} placeholder="yourname" />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="button button--primary" disabled={start.isPending}>
        {start.isPending ? 'Connecting…' : submitLabel}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { platformMessages, updateConnectionFailed } from '../../../../../shared/messages';
import { platformDisplayName } from '../../../../../shared/platforms';
import type { ConnectionView } from '../../../../../shared/schemas/publishing';
import type { Platform } from '../../../../../shared/schemas/thread';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/use-toast';
import { useDisconnectPlatform } from '../api/disconnect-platform';
import { useConnections } from '../api/get-connections';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { MastodonConnectForm } from './mastodon-connect-form';
import { TelegramConnectForm } from './telegram-connect-form';

const DETAILS: Partial<Record<Platform, { description: string; permissions: string[]; features: string[] }>> = {
  bluesky: {
    description: 'Post threads to your Bluesky account with an app password.',
    permissions: ['Create posts on your account (app password)'],
    features: ['Links shown as rich text', 'Replies chained into one thread', 'A link card for the original article'],
  },
  telegram: {
    description: 'Post threads to a Telegram channel or group through your own bot.',
    permissions: ['Send messages to the chosen chat'],
    features: ['Threads as one message when they fit, or a reply chain', 'A View link for public channels'],
  },
  mastodon: {
    description: 'Post threads to your account on any Mastodon server.',
    permissions: ['Read your account name', 'Publish statuses'],
    features: ['Your server’s own character limit', 'Statuses chained as replies', 'Public visibility'],
  },
};

function ConnectedCard({ connection }: { connection: ConnectionView }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectPlatform();
  const { toast } = useToast();
  const name = platformDisplayName(connection.platform);
  const chatTitle = connection.connectionData.chatTitle;
  return (
    <article className="card stack" aria-label={`${name} connection`}>
      <header>
        <h3>{name}</h3>
        <span className="badge">{connection.platformUsername ?? 'Connected'}</span>
        <button type="button" className="button" onClick={() => setEditing((open) => !open)}>
          Edit
        </button>
      </header>
      <p>Current connection: {typeof chatTitle === 'string' ? chatTitle : connection.platformUsername}</p>
      <p className="muted">Permissions: {(DETAILS[connection.platform]?.permissions ?? []).join(', ')}</p>
      {editing && connection.platform === 'telegram' && (
        <TelegramConnectForm submitLabel="Update Connection" onDone={() => setEditing(false)} />
      )}
      {editing && connection.platform === 'mastodon' && <MastodonConnectForm submitLabel="Update Connection" editing />}
      {editing && connection.platform === 'bluesky' && (
        <BlueskyConnectForm
          submitLabel="Update Connection"
          initialHandle={String(connection.connectionData.handle ?? '')}
          onDone={() => setEditing(false)}
        />
      )}
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Disconnect
      </button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Disconnect ${name}?`}>
        <p>ThreadSnip will forget this connection and its credentials.</p>
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() =>
            disconnect.mutate(connection.platform, {
              onSuccess: () => {
                setConfirming(false);
                toast({ ...platformMessages.disconnected, variant: 'success' });
              },
              onError: (error) => toast({ ...updateConnectionFailed(error.message), variant: 'destructive' }),
            })
          }
        >
          Confirm Disconnect
        </button>
      </Dialog>
    </article>
  );
}

function UnconnectedCard({ platform }: { platform: Platform }) {
  const [open, setOpen] = useState(false);
  const name = platformDisplayName(platform);
  const details = DETAILS[platform];
  return (
    <article className="card stack" aria-label={`${name} connection`}>
      <h3>{name}</h3>
      {details && (
        <>
          <p>{details.description}</p>
          <p className="muted">Permissions required: {details.permissions.join(', ')}</p>
          <ul>
            {details.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">Your credentials are encrypted and never shown again.</p>
      {open && platform === 'telegram' ? (
        <TelegramConnectForm submitLabel="Connect" onDone={() => setOpen(false)} />
      ) : open && platform === 'mastodon' ? (
        <MastodonConnectForm submitLabel="Connect" />
      ) : open && platform === 'bluesky' ? (
        <BlueskyConnectForm submitLabel="Connect" onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          Connect
        </button>
      )}
    </article>
  );
}

/** Social Platform Connections: a card per admin-enabled platform, connected or not. */
export function PlatformConnections() {
  const connections = useConnections();
  if (connections.isPending) return <p role="status">Loading…</p>;
  if (connections.isError) return <p role="alert">{platformMessages.loadConnectionsFailed.description}</p>;
  const { enabledPlatforms } = connections.data;
  if (enabledPlatforms.length === 0)
    return <p className="muted">No platforms are currently available for connection.</p>;
  return (
    <div className="stack">
      {enabledPlatforms.map((platform) => {
        const connection = connections.data.connections.find((item) => item.platform === platform && item.isConnected);
        return connection ? (
          <ConnectedCard key={platform} connection={connection} />
        ) : (
          <UnconnectedCard key={platform} platform={platform} />
        );
      })}
    </div>
  );
}

import { useState } from 'react';
import { platformDisplayName } from '#shared/platforms';
import { discordChannels } from '#shared/publishing/targets';
import type { ConnectionView } from '#shared/schemas/publishing';
import { needsReconnect } from '../lib/connection-state';
import '../connections.css';
import { PLATFORM_DETAILS } from '../lib/platform-details';
import { AccountNameEditor } from './account-name-editor';
import { ConnectControl } from './connect-control';
import { DisconnectDialog } from './disconnect-dialog';
import { EngagementReadsSwitch } from './engagement-reads-switch';
import { PagesNeedReconnect, PicturesNeedReconnect } from './grant-notices';
import { LinkedInAuthorSelector } from './linkedin-author-selector';
import { TargetSelector } from './target-selector';

const EXPIRES_ON = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** From this long before a grant ends, the card asks for the reconnection with a button of its own. */
const RECONNECT_NOTICE_MS = 7 * 24 * 3600_000;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What the card names as the current connection: the chat, Page or server it posts to, or the account. */
function currentConnection(connection: ConnectionView): string {
  const data = connection.connectionData;
  const account = connection.platformUsername ?? 'Connected';
  const instance = text(data.instance);
  const onInstance = instance && !account.endsWith(`@${instance}`) ? `${account} on ${instance}` : account;
  return text(data.chatTitle) ?? text(data.pageName) ?? onInstance;
}

/** Per-platform settings: where a Discord or Reddit connection posts now. */
function SelectedTarget({ connection }: { connection: ConnectionView }) {
  const data = connection.connectionData;
  if (connection.platform === 'discord') {
    const channel = discordChannels(data).find((option) => option.channelId === data.selectedChannelId);
    const shown = channel
      ? `#${channel.channelName} (${channel.guildName})`
      : text(data.selectedChannelName) && `#${data.selectedChannelName}`;
    return <p>Selected channel: {shown || 'none yet'}</p>;
  }
  if (connection.platform === 'reddit') {
    return <p>Selected subreddit: {text(data.selectedSubreddit) ? `r/${data.selectedSubreddit}` : 'none yet'}</p>;
  }
  return null;
}

/**
 * When a grant that cannot renew itself ends (LinkedIn's 60 days): the date, and from a week
 * before it a Reconnect button, so the member reconnects before a publish fails.
 */
function ReconnectBy({ connection, returnPath }: { connection: ConnectionView; returnPath: string }) {
  if (!connection.reconnectBy) return null;
  const name = platformDisplayName(connection.platform);
  const ends = Date.parse(connection.reconnectBy);
  const date = EXPIRES_ON.format(new Date(ends));
  const left = ends - Date.now();
  if (left > RECONNECT_NOTICE_MS) {
    return (
      <p className="small">
        Access expires on {date}. {name} does not renew it: reconnect before then to keep posting.
      </p>
    );
  }
  return (
    <div className="notice notice--warning stack" role="status">
      <p>
        {left > 0
          ? `Access expires on ${date}. Reconnect ${name} now to keep posting.`
          : `Access expired on ${date}. Reconnect ${name} to post again.`}
      </p>
      <ConnectControl platform={connection.platform} label="Reconnect" returnPath={returnPath} />
    </div>
  );
}

/**
 * When a grant that renews itself ends (Threads' 60 days): ThreadSnip refreshes it before then, as
 * publishing uses it and, for an idle profile, in the daily job; past that date it asks for a reconnection.
 */
function RenewsBefore({ connection, returnPath }: { connection: ConnectionView; returnPath: string }) {
  if (!connection.renewsBefore) return null;
  const name = platformDisplayName(connection.platform);
  const ends = Date.parse(connection.renewsBefore);
  const date = EXPIRES_ON.format(new Date(ends));
  if (ends > Date.now()) {
    return (
      <p className="small">
        Access runs until {date}. ThreadSnip renews it automatically before then, even while you are not posting.
      </p>
    );
  }
  return (
    <div className="notice notice--warning stack" role="status">
      <p>{`Access expired on ${date}. Reconnect ${name} to post again.`}</p>
      <ConnectControl platform={connection.platform} label="Reconnect" returnPath={returnPath} />
    </div>
  );
}

/**
 * One connected account of a platform: its name (Rename), current connection, permissions, its
 * settings; Edit, Update Connection, Disconnect (this account only).
 */
export function ConnectedCard({
  connection,
  returnPath,
  several = false,
}: {
  connection: ConnectionView;
  returnPath: string;
  /** The platform has other accounts connected: the card is named by its account too. */
  several?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { platform } = connection;
  const name = platformDisplayName(platform);
  const expired = needsReconnect(connection);
  return (
    <article
      className="card stack connection-card"
      aria-label={several ? `${name} connection: ${connection.name}` : `${name} connection`}
    >
      <header className="connection-card__header">
        <h3>{name}</h3>
        <span className="badge">{connection.platformUsername ?? 'Connected'}</span>
        <button type="button" className="button" aria-pressed={editing} onClick={() => setEditing((open) => !open)}>
          Edit
        </button>
      </header>
      {expired ? (
        <div className="notice notice--warning stack" role="status">
          <p>This connection has expired. Reconnect {name} to post again.</p>
          <ConnectControl platform={platform} label="Reconnect" returnPath={returnPath} />
        </div>
      ) : (
        <>
          <ReconnectBy connection={connection} returnPath={returnPath} />
          <RenewsBefore connection={connection} returnPath={returnPath} />
          <PicturesNeedReconnect connection={connection} returnPath={returnPath} />
          <PagesNeedReconnect connection={connection} returnPath={returnPath} />
        </>
      )}
      <div className="connection-card__name">
        <p>Account name: {connection.name}</p>
        <AccountNameEditor platform={platform} accountId={connection.accountId} name={connection.name} />
      </div>
      <p>Current connection: {currentConnection(connection)}</p>
      <div>
        <p className="muted small">Permissions:</p>
        <ul className="small">
          {PLATFORM_DETAILS[platform].permissions.map((permission) => (
            <li key={permission}>{permission}</li>
          ))}
        </ul>
      </div>
      <SelectedTarget connection={connection} />
      {connection.engagementReads ? <EngagementReadsSwitch reads={connection.engagementReads} /> : null}
      {platform === 'linkedin' ? <LinkedInAuthorSelector connection={connection} /> : null}
      {editing ? (
        <div className="stack">
          <TargetSelector connection={connection} returnPath={returnPath} />
          <ConnectControl
            platform={platform}
            label="Update Connection"
            returnPath={returnPath}
            initiallyOpen
            editing
            onDone={() => setEditing(false)}
          />
        </div>
      ) : null}
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Disconnect
      </button>
      <DisconnectDialog
        platform={platform}
        accountId={connection.accountId}
        accountName={connection.name}
        open={confirming}
        onClose={() => setConfirming(false)}
      />
    </article>
  );
}

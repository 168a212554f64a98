import { Link } from 'react-router-dom';
import { platformDisplayName } from '#shared/platforms';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { paths } from '#web/config/paths';
import { needsReconnect } from '../lib/connection-state';
import '../connections.css';
import { AccountChooser } from './account-chooser';
import { ConnectControl } from './connect-control';
import { PagesNeedReconnect } from './grant-notices';
import { TargetSelector } from './target-selector';

interface ConnectedAccountsChecklistProps {
  /** The user's connected accounts on enabled platforms. */
  connections: readonly ConnectionView[];
  selected: readonly Platform[];
  onSelectedChange: (platforms: Platform[]) => void;
  /** Where a Refresh Connection or Reconnect flow returns. */
  returnPath: string;
  onTargetSelected?: (platform: Platform, targetId: string) => void;
  /** The accounts chosen per platform (a platform with several usable accounts asks which). */
  accounts?: Partial<Record<Platform, string[]>>;
  onAccountsChange?: (platform: Platform, accountIds: string[]) => void;
}

/**
 * 'Connected Accounts': a checkbox and username badge per account, and under a chosen one its channel
 * or subreddit, or that LinkedIn must be reconnected to post as a page.
 */
export function ConnectedAccountsChecklist({
  connections,
  selected,
  onSelectedChange,
  returnPath,
  onTargetSelected,
  accounts = {},
  onAccountsChange,
}: ConnectedAccountsChecklistProps) {
  // One row per platform: its first account stands for it; a platform with several asks which below.
  const platforms = connections.filter(
    (connection, index) => connections.findIndex((other) => other.platform === connection.platform) === index,
  );
  const toggle = (platform: Platform) =>
    onSelectedChange(selected.includes(platform) ? selected.filter((p) => p !== platform) : [...selected, platform]);
  return (
    <fieldset className="stack connected-accounts">
      <legend>Connected Accounts</legend>
      {connections.length === 0 ? (
        <p className="muted">
          No connected platforms yet. <Link to={paths.accountSettings.getHref()}>Connect platforms</Link>
        </p>
      ) : null}
      {platforms.map((connection) => {
        const { platform } = connection;
        const name = platformDisplayName(platform);
        const several = connections.filter((other) => other.platform === platform).length > 1;
        const badge =
          !several && connection.platformUsername ? <span className="badge">{connection.platformUsername}</span> : null;
        if (needsReconnect(connection)) {
          return (
            <div key={platform} className="connected-accounts__item stack">
              <span>
                {name} {badge} <span className="badge badge--warning">Needs reconnecting</span>
              </span>
              <ConnectControl platform={platform} label="Reconnect" returnPath={returnPath} />
            </div>
          );
        }
        return (
          <div key={platform} className="connected-accounts__item stack">
            <label className="checkbox">
              <input type="checkbox" checked={selected.includes(platform)} onChange={() => toggle(platform)} />
              {name}
              {badge}
            </label>
            {selected.includes(platform) ? (
              <>
                <AccountChooser
                  platform={platform}
                  accounts={connections.filter((other) => other.platform === platform && !needsReconnect(other))}
                  chosen={accounts[platform] ?? []}
                  onChange={(accountIds) => onAccountsChange?.(platform, accountIds)}
                />
                <TargetSelector
                  connection={connection}
                  returnPath={returnPath}
                  onSelected={(targetId) => onTargetSelected?.(platform, targetId)}
                />
                <PagesNeedReconnect connection={connection} returnPath={returnPath} />
              </>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

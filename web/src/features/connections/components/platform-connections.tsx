import { connectionFormMessages, platformMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useConnections } from '../api/get-connections';
import { PLATFORM_ORDER } from '../lib/platform-details';
import { ConnectControl } from './connect-control';
import { ConnectedCard } from './connected-card';
import { UnconnectedCard } from './unconnected-card';

/**
 * Social Platform Connections: per admin-enabled platform, a card per connected account and 'Add
 * another account', or the platform's card to connect a first one.
 */
export function PlatformConnections({ returnPath }: { returnPath: string }) {
  const connections = useConnections();
  if (connections.isPending) return <LoadingState as="p" className="" spinner={false} />;
  if (connections.isError) {
    return <ErrorState className="">{platformMessages.loadConnectionsFailed.description}</ErrorState>;
  }
  const { enabledPlatforms, unavailablePlatforms } = connections.data;
  const reasons = new Map(unavailablePlatforms.map((item) => [item.platform, item.reason]));
  const listed = PLATFORM_ORDER.filter((platform) => enabledPlatforms.includes(platform) || reasons.has(platform));
  if (listed.length === 0) return <p className="muted">No platforms are currently available for connection.</p>;
  return (
    <div className="stack">
      {listed.map((platform) => {
        const accounts = connections.data.connections.filter((item) => item.platform === platform && item.isConnected);
        return accounts.length > 0 ? (
          <section key={platform} className="stack" aria-label={`${platformDisplayName(platform)} accounts`}>
            {accounts.map((connection) => (
              <ConnectedCard
                key={connection.accountId}
                connection={connection}
                returnPath={returnPath}
                several={accounts.length > 1}
              />
            ))}
            <ConnectControl
              platform={platform}
              label={connectionFormMessages.addAnotherAccount}
              returnPath={returnPath}
            />
          </section>
        ) : (
          <UnconnectedCard
            key={platform}
            platform={platform}
            returnPath={returnPath}
            unavailableReason={reasons.get(platform)}
          />
        );
      })}
    </div>
  );
}

import { platformMessages } from '#shared/messages/connections';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useConnections } from '../api/get-connections';
import { PLATFORM_ORDER } from '../lib/platform-details';
import { ConnectedCard } from './connected-card';
import { UnconnectedCard } from './unconnected-card';

/** Social Platform Connections: a card per admin-enabled platform, connected or not. */
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
        const connection = connections.data.connections.find((item) => item.platform === platform && item.isConnected);
        return connection ? (
          <ConnectedCard key={platform} connection={connection} returnPath={returnPath} />
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

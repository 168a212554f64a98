import { canShareTo } from '#shared/publishing/targets';
import type { Platform } from '#shared/schemas/thread';
import { useConnections } from '../../connections/api/get-connections';
import { isUsable } from '../../connections/lib/connection-state';

/**
 * The user's connected accounts to share to, the chosen ones that can still be posted to (a platform
 * an admin disabled or a connection gone drops out), and the spec's rule for the share button.
 */
export function useShareSelection(chosen: readonly Platform[]) {
  const connections = useConnections();
  const connected = (connections.data?.connections ?? []).filter((connection) => connection.isConnected);
  const usable = connected.filter(isUsable);
  const selected = chosen.filter((platform) => usable.some((connection) => connection.platform === platform));
  const dataOf = (platform: Platform) => usable.find((connection) => connection.platform === platform)?.connectionData;
  return {
    connections: connected,
    selected,
    canShare: canShareTo(selected, dataOf),
    enabledPlatforms: connections.data?.enabledPlatforms ?? [],
    unavailablePlatforms: connections.data?.unavailablePlatforms ?? [],
    isPending: connections.isPending,
    isError: connections.isError,
  };
}

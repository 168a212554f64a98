import type { Platform } from '#shared/schemas/thread';
import { OAuthConnectButton } from './connect-control';

/** A channel or subreddit list with nothing to choose: the reason, and Refresh Connection (the OAuth flow again). */
export function TargetEmptyState({
  platform,
  message,
  returnPath,
}: {
  platform: Platform;
  message: string;
  returnPath: string;
}) {
  return (
    <div className="target-empty stack" role="status">
      <p className="muted">{message}</p>
      <OAuthConnectButton platform={platform} label="Refresh Connection" returnPath={returnPath} />
    </div>
  );
}

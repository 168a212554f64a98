import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { LockIcon } from '#web/components/ui/icons';
import { PLATFORM_DETAILS } from '../lib/platform-details';
import { ConnectControl } from './connect-control';
import '../connections.css';

interface UnconnectedCardProps {
  platform: Platform;
  returnPath: string;
  /** Why the platform cannot be connected here (no OAuth client configured), instead of a Connect button. */
  unavailableReason?: string;
}

/** A platform not connected yet: what it does, what it needs, and Connect. */
export function UnconnectedCard({ platform, returnPath, unavailableReason }: UnconnectedCardProps) {
  const name = platformDisplayName(platform);
  const details = PLATFORM_DETAILS[platform];
  return (
    <article className="card stack connection-card connection-card--unconnected" aria-label={`${name} connection`}>
      <h3>{name}</h3>
      <p>{details.description}</p>
      <div>
        <p className="muted small">Permissions required:</p>
        <ul className="small">
          {details.permissions.map((permission) => (
            <li key={permission}>{permission}</li>
          ))}
        </ul>
      </div>
      <div>
        <p className="muted small">Features included:</p>
        <ul className="small">
          {details.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <p className="muted small connection-card__secure">
        <LockIcon /> Secure connection: your credentials are encrypted and never shown again; you can disconnect at any
        time.
      </p>
      {unavailableReason ? (
        <p className="notice notice--warning">Not available for connection: {unavailableReason}</p>
      ) : (
        <ConnectControl platform={platform} label="Connect" returnPath={returnPath} />
      )}
    </article>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Platform } from '#shared/schemas/thread';
import { paths } from '#web/config/paths';
import { UnconnectedCard } from '../../connections/components/unconnected-card';

interface ConnectPlatformsCardProps {
  /** Enabled platforms the user has not connected. */
  unconnected: readonly Platform[];
  /** Enabled platforms that cannot be connected here, with the reason. */
  unavailable: readonly { platform: Platform; reason: string }[];
  returnPath: string;
}

/** The panel's Connect Platforms card: the setup of platforms not connected yet, shown on demand. */
export function ConnectPlatformsCard({ unconnected, unavailable, returnPath }: ConnectPlatformsCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card stack" aria-labelledby="connect-platforms-heading">
      <h2 id="connect-platforms-heading">Connect Platforms</h2>
      {unconnected.length === 0 ? (
        <p className="muted">All available platforms are already connected!</p>
      ) : (
        <>
          <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
            {open ? 'Hide Platform Setup' : 'Connect More Platforms'}
          </button>
          {open ? (
            <div className="stack">
              {unconnected.map((platform) => (
                <UnconnectedCard key={platform} platform={platform} returnPath={returnPath} />
              ))}
              {unavailable.map(({ platform, reason }) => (
                <UnconnectedCard
                  key={platform}
                  platform={platform}
                  returnPath={returnPath}
                  unavailableReason={reason}
                />
              ))}
            </div>
          ) : null}
        </>
      )}
      <p className="small">
        <Link to={paths.accountSettings.getHref()}>Manage your connections in Account Settings</Link>
      </p>
    </section>
  );
}

import { PlatformConnections } from '../../connections/components/platform-connections';

/** The Social Platform Connections card of account settings. */
export function PlatformConnectionsCard() {
  return (
    <section className="card" aria-labelledby="platform-connections-title">
      <h2 id="platform-connections-title">Social Platform Connections</h2>
      <PlatformConnections />
    </section>
  );
}

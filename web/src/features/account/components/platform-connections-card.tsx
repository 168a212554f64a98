/** The Social Platform Connections card; connections arrive with a later feature, so none are offered yet. */
export function PlatformConnectionsCard() {
  return (
    <section className="card" aria-labelledby="platform-connections-title">
      <h2 id="platform-connections-title">Social Platform Connections</h2>
      <p className="muted">No platforms are currently available for connection.</p>
    </section>
  );
}

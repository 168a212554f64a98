/** The card shown while a reloaded /create reads its saved thread back. */
export function RestoringThread() {
  return (
    <section className="card create-card generate-status" aria-busy="true">
      <span className="spinner spinner--large" aria-hidden="true" />
      <h2>Restoring Your Thread</h2>
      <p className="muted">Loading your saved thread…</p>
    </section>
  );
}

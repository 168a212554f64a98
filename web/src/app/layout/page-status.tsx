/** A centred loading indicator for pages and guards waiting on auth or data. */
export function PageStatus({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** An admin page's loading line, then its error if the request failed (nothing once it has data). */
export function QueryStatus({
  query,
  loading,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  loading: string;
}) {
  if (query.isPending) return <p className="muted">{loading}</p>;
  if (query.isError) return <p className="notice notice--error">{query.error?.message}</p>;
  return null;
}

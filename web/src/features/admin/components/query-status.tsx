import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';

/** An admin page's loading line, then its error if the request failed (nothing once it has data). */
export function QueryStatus({
  query,
  loading,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  loading: string;
}) {
  if (query.isPending) {
    return (
      <LoadingState as="p" className="muted" spinner={false} announced={false}>
        {loading}
      </LoadingState>
    );
  }
  if (query.isError) return <ErrorState announced={false}>{query.error?.message}</ErrorState>;
  return null;
}

/** The Load More button under a paged admin list; shown only while another page exists. */
export function LoadMoreButton({
  list,
  label,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}

import { useCreditTransactions } from '../api/get-credit-transactions';

const WHEN_FORMAT = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The caller's ledger, newest first, a page at a time. */
export function UsageHistory({ userId }: { userId: string }) {
  const ledger = useCreditTransactions(userId, true);
  const entries = ledger.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <section className="card stack" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage History</h2>
      {ledger.isPending ? <p className="muted">Loading history…</p> : null}
      {ledger.isError ? <p className="notice notice--error">Could not load your usage history.</p> : null}
      {!ledger.isPending && entries.length === 0 ? <p className="muted">No credit activity yet.</p> : null}
      <ul className="plain-list credit-ledger">
        {entries.map((entry) => (
          <li key={entry.id} className="credit-ledger__entry">
            <span>{entry.description}</span>
            <time className="small muted" dateTime={entry.createdAt}>
              {WHEN_FORMAT.format(new Date(entry.createdAt))}
            </time>
            <span className={entry.amount > 0 ? 'credit-ledger__plus' : 'credit-ledger__minus'}>
              {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
            </span>
          </li>
        ))}
      </ul>
      {ledger.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {ledger.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}

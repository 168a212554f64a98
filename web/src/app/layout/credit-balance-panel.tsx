import type { Me } from '../../lib/get-me';

interface CreditBalancePanelProps {
  credits: Me['credits'] | undefined;
  loading: boolean;
  failed: boolean;
}

/** Available, free and paid credits; skeletons while loading when all three are still 0. */
export function CreditBalancePanel({ credits, loading, failed }: CreditBalancePanelProps) {
  const available = credits?.availableCredits ?? 0;
  const free = credits?.freeCredits ?? 0;
  const paid = credits?.paidCredits ?? 0;
  const showSkeleton = loading && available === 0 && free === 0 && paid === 0;
  const rows = [
    { label: 'Available', value: available },
    { label: 'Free', value: free },
    { label: 'Paid', value: paid },
  ];
  return (
    <section className="credit-panel" aria-label="Credit balance" aria-busy={showSkeleton}>
      <p className="credit-panel__title">Credits</p>
      {failed && !credits ? (
        <p className="small muted">Credit balance unavailable</p>
      ) : (
        <dl className="credit-panel__grid">
          {rows.map((row) => (
            <div key={row.label} className="credit-panel__item">
              <dt>{row.label}</dt>
              <dd>{showSkeleton ? <span className="skeleton" data-testid="credit-skeleton" /> : row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

import { forwardRef } from 'react';
import { formatEuros, pricePerTenCredits, savingsPercent } from '#shared/credits';
import type { CreditPackage } from '#shared/schemas/credits';

interface PurchaseCardProps {
  packages: CreditPackage[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect: (packageId: string) => void;
  onBuy: () => void;
  opening: boolean;
}

const PER_TEN_FORMAT = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** The package picker: 'Most Popular' on the 100 pack, euro prices, per-10 price, savings, Buy. */
export const PurchaseCard = forwardRef<HTMLElement, PurchaseCardProps>(function PurchaseCard(
  { packages, loading, selectedId, onSelect, onBuy, opening },
  ref,
) {
  return (
    <section ref={ref} className="card stack" aria-labelledby="purchase-heading" tabIndex={-1}>
      <h2 id="purchase-heading">Buy Credits</h2>
      {loading ? <p className="muted">Loading packages…</p> : null}
      <fieldset className="credit-packages">
        <legend className="small muted">Choose a credit package</legend>
        {(packages ?? []).map((pkg) => {
          const perTen = pricePerTenCredits(pkg.credits, pkg.priceCents);
          const savings = savingsPercent(pkg.credits, pkg.priceCents);
          return (
            <label key={pkg.id} className="credit-package" data-selected={pkg.id === selectedId}>
              <input
                type="radio"
                name="credit-package"
                value={pkg.id}
                checked={pkg.id === selectedId}
                onChange={() => onSelect(pkg.id)}
              />
              <span className="credit-package__name">
                {pkg.name} · {pkg.credits} credits
                {pkg.credits === 100 ? <span className="badge badge--good">Most Popular</span> : null}
              </span>
              <span className="credit-package__price">{formatEuros(pkg.priceCents)}</span>
              {perTen !== null ? (
                <span className="small muted">{PER_TEN_FORMAT.format(perTen)} per 10 credits</span>
              ) : null}
              {savings !== null ? <span className="badge badge--low">Save {savings}%</span> : null}
            </label>
          );
        })}
      </fieldset>
      <button type="button" className="button button--primary" disabled={!selectedId || opening} onClick={onBuy}>
        {opening ? 'Opening checkout…' : 'Buy'}
      </button>
      <p className="small muted">Checkout opens in a new tab. Payments are processed securely by Stripe.</p>
    </section>
  );
});

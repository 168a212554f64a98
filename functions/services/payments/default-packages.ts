import type { CreditPackage } from '#shared/schemas/credits';

/** The packages written on first use of an empty table; later edits to the stored ones are kept. */
export const DEFAULT_CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'starter', name: 'Starter', credits: 20, priceCents: 199, isActive: true, sortOrder: 1 },
  { id: 'popular', name: 'Popular', credits: 100, priceCents: 799, isActive: true, sortOrder: 2 },
  { id: 'pro', name: 'Pro', credits: 250, priceCents: 1799, isActive: true, sortOrder: 3 },
  { id: 'agency', name: 'Agency', credits: 1000, priceCents: 5999, isActive: true, sortOrder: 4 },
];

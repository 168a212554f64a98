import { addDays, utcDate } from './dates';
import type { CreditPackage, CreditsView } from './schemas/credits';

/** Credits a new thread costs (regenerating an existing thread is free). */
export const THREAD_CREDIT_COST = 1;

/** Free credits granted each day: 5 for users, 100 for admins. */
export const FREE_CREDITS_PER_DAY = { user: 5, admin: 100 } as const;

/** The Buy More button and low-credit prompt show below this balance. */
export const BUY_MORE_BELOW = 5;

/** The input step warns, linking to /credits, below this balance. */
export const INPUT_WARNING_BELOW = 1;

/** Badge thresholds: Good from 10, Low from 5, Critical below 5. */
export const CREDIT_BADGE_THRESHOLDS = { good: 10, low: 5 } as const;

/** The package preselected on /credits and tagged 'Most Popular'. */
export const PRESELECTED_PACKAGE_CREDITS = 100;

export type Role = 'admin' | 'user';
export type CreditBadge = 'Good' | 'Low' | 'Critical';

/** The stored balance a spend or a view works from. */
export interface CreditBalance {
  freeCredits: number;
  paidCredits: number;
  usedCredits: number;
}

/** The daily free allowance for a role. */
export function dailyAllowance(role: Role): number {
  return FREE_CREDITS_PER_DAY[role];
}

/** The balance badge: 'Good' at 10 or more, 'Low' at 5 to 9, 'Critical' below 5. */
export function creditBadge(available: number): CreditBadge {
  if (available >= CREDIT_BADGE_THRESHOLDS.good) return 'Good';
  if (available >= CREDIT_BADGE_THRESHOLDS.low) return 'Low';
  return 'Critical';
}

/** True when the balance is low enough to offer Buy More (fewer than 5). */
export function showBuyMore(available: number): boolean {
  return available < BUY_MORE_BELOW;
}

/** True when the input step warns that the balance is too low to generate (under 1). */
export function showInputWarning(available: number): boolean {
  return available < INPUT_WARNING_BELOW;
}

/** The UTC date (YYYY-MM-DD) of the next midnight UTC, when free credits refresh. */
export function nextResetDate(now: Date | number): string {
  return addDays(utcDate(new Date(now)), 1);
}

/** The balance as the client shows it; a missing record shows zeros, resetDate the next refresh. */
export function creditView(record: CreditBalance | null, now: Date | number): CreditsView {
  const free = Math.max(0, record?.freeCredits ?? 0);
  const paid = Math.max(0, record?.paidCredits ?? 0);
  return {
    totalCredits: free + paid,
    usedCredits: Math.max(0, record?.usedCredits ?? 0),
    availableCredits: free + paid,
    freeCredits: free,
    paidCredits: paid,
    resetDate: nextResetDate(now),
  };
}

/** True when the header shows the free/paid split: both kinds above zero. */
export function showFreePaidSplit(view: Pick<CreditsView, 'freeCredits' | 'paidCredits'>): boolean {
  return view.freeCredits > 0 && view.paidCredits > 0;
}

/** A price in euros: price_cents / 100. */
export function priceEuros(priceCents: number): number {
  return priceCents / 100;
}

const EURO_FORMAT = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** A price in cents formatted for display, e.g. 999 → '€9.99'. */
export function formatEuros(priceCents: number): string {
  return EURO_FORMAT.format(priceEuros(priceCents));
}

/** The euro price of 10 credits in a package, or null for a package without credits. */
export function pricePerTenCredits(credits: number, priceCents: number): number | null {
  if (credits <= 0) return null;
  return priceEuros((priceCents / credits) * 10);
}

/**
 * The savings badge's percentage against the baseline of 100 cents per 10 credits:
 * round((baseline − price) / baseline × 100), or null when it is not above zero.
 */
export function savingsPercent(credits: number, priceCents: number): number | null {
  const baseline = (credits / 10) * 100;
  if (baseline <= 0) return null;
  const percent = Math.round(((baseline - priceCents) / baseline) * 100);
  return percent > 0 ? percent : null;
}

/** The package preselected on /credits: the one with exactly 100 credits, if any. */
export function preselectedPackage<T extends Pick<CreditPackage, 'credits'>>(packages: readonly T[]): T | null {
  return packages.find((pkg) => pkg.credits === PRESELECTED_PACKAGE_CREDITS) ?? null;
}

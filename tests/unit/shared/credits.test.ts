import { describe, expect, it } from 'vitest';
import {
  BUY_MORE_BELOW,
  CREDIT_BADGE_THRESHOLDS,
  creditBadge,
  creditView,
  dailyAllowance,
  FREE_CREDITS_PER_DAY,
  formatEuros,
  INPUT_WARNING_BELOW,
  nextResetDate,
  preselectedPackage,
  priceEuros,
  pricePerTenCredits,
  savingsPercent,
  showBuyMore,
  showFreePaidSplit,
  showInputWarning,
  THREAD_CREDIT_COST,
} from '#shared/credits';
import { creditPackageSchema, creditsViewSchema } from '#shared/schemas/credits';

const NOON_MAY_1 = new Date('2024-05-01T12:00:00.000Z');

describe('the credit constants', () => {
  it('a new thread costs 1; 5 free a day for users, 100 for admins', () => {
    expect(THREAD_CREDIT_COST).toBe(1);
    expect(FREE_CREDITS_PER_DAY).toEqual({ user: 5, admin: 100 });
    expect(dailyAllowance('user')).toBe(5);
    expect(dailyAllowance('admin')).toBe(100);
  });

  it('prompts to buy under 5 and warns on the input step under 1', () => {
    expect(BUY_MORE_BELOW).toBe(5);
    expect(showBuyMore(4)).toBe(true);
    expect(showBuyMore(5)).toBe(false);
    expect(INPUT_WARNING_BELOW).toBe(1);
    expect(showInputWarning(0)).toBe(true);
    expect(showInputWarning(1)).toBe(false);
  });
});

describe('creditBadge', () => {
  it.each([
    [0, 'Critical'],
    [4, 'Critical'],
    [5, 'Low'],
    [9, 'Low'],
    [10, 'Good'],
    [250, 'Good'],
  ] as const)('%i credits → %s', (available, badge) => {
    expect(creditBadge(available)).toBe(badge);
  });

  it('uses thresholds 10 and 5', () => {
    expect(CREDIT_BADGE_THRESHOLDS).toEqual({ good: 10, low: 5 });
  });
});

describe('nextResetDate', () => {
  it('is the next midnight UTC as an ISO date', () => {
    expect(nextResetDate(NOON_MAY_1)).toBe('2024-05-02');
    expect(nextResetDate(new Date('2024-05-01T00:00:00.000Z'))).toBe('2024-05-02');
    expect(nextResetDate(new Date('2024-05-01T23:59:59.999Z'))).toBe('2024-05-02');
  });

  it('rolls over months, years and leap days, and accepts a timestamp', () => {
    expect(nextResetDate(new Date('2024-02-28T10:00:00Z'))).toBe('2024-02-29');
    expect(nextResetDate(new Date('2023-12-31T22:00:00Z'))).toBe('2024-01-01');
    expect(nextResetDate(Date.parse('2024-04-30T08:00:00Z'))).toBe('2024-05-01');
  });

  it('follows UTC, not the local offset written in the instant', () => {
    expect(nextResetDate(new Date('2024-05-01T23:30:00-05:00'))).toBe('2024-05-03');
  });
});

describe('creditView', () => {
  it('shows free plus paid as available and total, with the next reset date', () => {
    const view = creditView({ freeCredits: 3, paidCredits: 20, usedCredits: 7 }, NOON_MAY_1);
    expect(view).toEqual({
      totalCredits: 23,
      usedCredits: 7,
      availableCredits: 23,
      freeCredits: 3,
      paidCredits: 20,
      resetDate: '2024-05-02',
    });
    expect(creditsViewSchema.parse(view)).toEqual(view);
  });

  it('shows zeros for a missing record and never a negative balance', () => {
    expect(creditView(null, NOON_MAY_1)).toMatchObject({ availableCredits: 0, freeCredits: 0, paidCredits: 0 });
    expect(creditView({ freeCredits: -2, paidCredits: 1, usedCredits: 0 }, NOON_MAY_1).availableCredits).toBe(1);
  });
});

describe('showFreePaidSplit', () => {
  it('shows the split only when both kinds are above zero', () => {
    expect(showFreePaidSplit({ freeCredits: 2, paidCredits: 5 })).toBe(true);
    expect(showFreePaidSplit({ freeCredits: 0, paidCredits: 5 })).toBe(false);
    expect(showFreePaidSplit({ freeCredits: 2, paidCredits: 0 })).toBe(false);
  });
});

describe('package pricing', () => {
  it('shows euros as cents / 100', () => {
    expect(priceEuros(999)).toBe(9.99);
    expect(formatEuros(999)).toBe('€9.99');
    expect(formatEuros(10_000)).toBe('€100.00');
  });

  it('gives the price per 10 credits', () => {
    expect(pricePerTenCredits(100, 800)).toBe(0.8);
    expect(pricePerTenCredits(50, 500)).toBe(1);
    expect(pricePerTenCredits(0, 500)).toBeNull();
  });

  it('computes the savings against 100 cents per 10 credits, rounded', () => {
    expect(savingsPercent(100, 800)).toBe(20); // baseline 1000
    expect(savingsPercent(250, 1999)).toBe(20); // baseline 2500: 20.04 → 20
    expect(savingsPercent(500, 3499)).toBe(30); // baseline 5000: 30.02 → 30
    expect(savingsPercent(30, 275)).toBe(8); // baseline 300: 8.33 → 8
  });

  it('shows no savings badge at or above the baseline, or when rounding gives 0', () => {
    expect(savingsPercent(10, 100)).toBeNull();
    expect(savingsPercent(10, 150)).toBeNull();
    expect(savingsPercent(1000, 9999)).toBeNull(); // 0.01 % rounds to 0
  });

  it('preselects the package with exactly 100 credits', () => {
    const packages = [
      { id: 'a', credits: 50 },
      { id: 'b', credits: 100 },
      { id: 'c', credits: 1000 },
    ];
    expect(preselectedPackage(packages)?.id).toBe('b');
    expect(preselectedPackage([{ id: 'x', credits: 99 }])).toBeNull();
  });

  it('validates a credit package', () => {
    const valid = { id: 'p1', name: 'Starter', credits: 100, priceCents: 800, isActive: true, sortOrder: 1 };
    expect(creditPackageSchema.safeParse(valid).success).toBe(true);
    expect(creditPackageSchema.safeParse({ ...valid, credits: 0 }).success).toBe(false);
    expect(creditPackageSchema.safeParse({ ...valid, priceCents: 7.5 }).success).toBe(false);
  });

  it('validates a credits view', () => {
    const view = creditView({ freeCredits: 1, paidCredits: 0, usedCredits: 0 }, NOON_MAY_1);
    expect(creditsViewSchema.safeParse({ ...view, resetDate: '2024-05-02T00:00:00Z' }).success).toBe(false);
    expect(creditsViewSchema.safeParse({ ...view, freeCredits: -1 }).success).toBe(false);
  });
});

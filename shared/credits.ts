/** Free credits granted each day: 5 for users, 100 for admins (spec §9). */
export const FREE_CREDITS_PER_DAY = { user: 5, admin: 100 } as const;

/** The daily free allowance for a role. */
export function dailyAllowance(role: 'admin' | 'user'): number {
  return FREE_CREDITS_PER_DAY[role];
}

export interface CreditsView {
  totalCredits: number;
  usedCredits: number;
  availableCredits: number;
  freeCredits: number;
  paidCredits: number;
  resetDate: string;
}

/** The balance as the client shows it; resetDate is the next midnight UTC. */
export function creditView(
  record: { freeCredits: number; paidCredits: number; usedCredits: number } | null,
  now: Date,
): CreditsView {
  const free = Math.max(0, record?.freeCredits ?? 0);
  const paid = Math.max(0, record?.paidCredits ?? 0);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return {
    totalCredits: free + paid,
    usedCredits: record?.usedCredits ?? 0,
    availableCredits: free + paid,
    freeCredits: free,
    paidCredits: paid,
    resetDate: next.toISOString(),
  };
}

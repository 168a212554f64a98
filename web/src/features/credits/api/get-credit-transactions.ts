import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type CreditTransaction, creditTransactionListSchema } from '#shared/schemas/ledger';
import { apiRequest } from '#web/lib/api-client';

/** Entries per page of the usage history. */
export const LEDGER_PAGE_SIZE = 20;

/** GET /api/credits/transactions: one page of the caller's ledger, newest first. */
export function getCreditTransactions(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<{ transactions: CreditTransaction[]; nextCursor?: string }> {
  const query = new URLSearchParams({ limit: String(LEDGER_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiRequest(`/credits/transactions?${query}`, { schema: creditTransactionListSchema, signal });
}

/** Cache key of the signed-in user's ledger (invalidated after a purchase). */
export const creditTransactionsQueryKey = (userId: string) => ['credit-transactions', userId] as const;

export function creditTransactionsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: creditTransactionsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getCreditTransactions(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The ledger, a page at a time; idle until `enabled`. */
export function useCreditTransactions(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...creditTransactionsQueryOptions(userId), enabled });
}

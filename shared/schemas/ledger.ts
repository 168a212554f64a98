import { z } from 'zod';

export const CREDIT_TRANSACTION_TYPES = ['purchase', 'usage', 'free_monthly'] as const;

/** One credit ledger entry (spec §3 credit_transactions). */
export const creditTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(CREDIT_TRANSACTION_TYPES),
  /** Positive adds, negative spends. */
  amount: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
  threadId: z.string().optional(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/** GET /api/credits/transactions */
export const creditTransactionListSchema = z.object({ transactions: z.array(creditTransactionSchema) });
export type CreditTransactionList = z.infer<typeof creditTransactionListSchema>;

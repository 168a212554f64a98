import * as z from 'zod';

export const CREDIT_TRANSACTION_TYPES = ['purchase', 'usage', 'free_monthly'] as const;

/** One credit ledger entry: a purchase, a usage or a free grant. */
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

/** GET /api/credits/transactions: one page, newest first; `nextCursor` fetches the next. */
export const creditTransactionListSchema = z.object({
  transactions: z.array(creditTransactionSchema),
  nextCursor: z.string().optional(),
});
export type CreditTransactionList = z.infer<typeof creditTransactionListSchema>;

/** Query of GET /api/credits/transactions: a page size and the previous page's cursor. */
export const creditTransactionQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z
    .string()
    .regex(/^TX#[^\s]{1,300}$/, 'Not a ledger cursor')
    .optional(),
});

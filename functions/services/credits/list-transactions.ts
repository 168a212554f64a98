import { type CreditTransactionList, creditTransactionListSchema } from '#shared/schemas/ledger';
import { pageLedgerForUser } from '../../data/credits-repository';

/** One page of the caller's credit ledger, newest first, in the shape of the shared response schema. */
export async function listCreditTransactions(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<CreditTransactionList> {
  const { entries, nextCursor } = await pageLedgerForUser(userId, page.limit, page.cursor);
  // The schema keeps only the public fields (no userId or payment ids) and checks their types.
  return creditTransactionListSchema.parse({ transactions: entries, nextCursor });
}

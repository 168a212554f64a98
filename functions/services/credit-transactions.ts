import { type CreditTransactionList, creditTransactionListSchema } from '../../shared/schemas/ledger';
import { listLedgerForUser } from '../data/credits-repository';

/** How many ledger entries the history shows. */
export const LEDGER_PAGE_SIZE = 100;

/** The caller's credit ledger, newest first, in the shape of the shared response schema. */
export async function listCreditTransactions(userId: string): Promise<CreditTransactionList> {
  const entries = await listLedgerForUser(userId, LEDGER_PAGE_SIZE);
  // The schema keeps only the public fields (no userId or payment ids) and checks their types.
  return creditTransactionListSchema.parse({ transactions: entries });
}

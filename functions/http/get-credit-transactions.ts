import { httpHandler } from '../lib/http-handler';
import { listCreditTransactions } from '../services/credit-transactions';

/** GET /api/credits/transactions: the caller's credit ledger, newest first (at most 100). */
export const handler = httpHandler({}, async ({ caller }) => ({
  status: 200,
  body: await listCreditTransactions(caller.userId),
}));

import { creditTransactionQuerySchema } from '../../shared/schemas/ledger';
import { pageLedgerForUser } from '../data/credits-repository';
import { httpHandler } from '../lib/http-handler';

/** GET /api/credits/transactions: the caller's credit ledger, newest first, a page at a time. */
export const handler = httpHandler({ query: creditTransactionQuerySchema }, async ({ caller, query }) => {
  const page = await pageLedgerForUser(caller.userId, query.limit, query.cursor);
  return {
    status: 200,
    body: {
      transactions: page.entries.map(({ id, type, amount, description, createdAt, threadId }) => ({
        id,
        type,
        amount,
        description,
        createdAt,
        threadId,
      })),
      nextCursor: page.nextCursor,
    },
  };
});

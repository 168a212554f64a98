import { listLedgerForUser } from '../data/credits-repository';
import { httpHandler } from '../lib/http-handler';

/** GET /api/credits/transactions: the caller's credit ledger, newest first (at most 100). */
export const handler = httpHandler({}, async ({ caller }) => {
  const entries = await listLedgerForUser(caller.userId, 100);
  return {
    status: 200,
    body: {
      transactions: entries.map(({ id, type, amount, description, createdAt, threadId }) => ({
        id,
        type,
        amount,
        description,
        createdAt,
        threadId,
      })),
    },
  };
});

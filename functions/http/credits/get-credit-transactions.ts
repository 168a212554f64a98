import { httpHandler } from '#functions/route-kinds';
import { creditTransactionQuerySchema } from '#shared/schemas/ledger';
import { listCreditTransactions } from '../../services/credits/list-transactions';

/** GET /api/credits/transactions: the caller's credit ledger, newest first, a page at a time. */
export const handler = httpHandler(
  { workspace: 'read', query: creditTransactionQuerySchema },
  async ({ query, workspace }) => ({
    status: 200,
    body: await listCreditTransactions(workspace.workspaceId, query),
  }),
);

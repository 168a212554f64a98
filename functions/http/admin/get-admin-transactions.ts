import { httpHandler } from '#functions/route-kinds';
import { listAdminTransactions } from '../../services/admin/statistics';

/** GET /api/admin/transactions: the transaction totals and the 100 newest transactions of every user. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({
  status: 200,
  body: await listAdminTransactions(),
}));

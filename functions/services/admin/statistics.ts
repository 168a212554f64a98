import {
  ADMIN_RECENT_LIMIT,
  ADMIN_TRANSACTIONS_LIMIT,
  type AdminOrders,
  type AdminStatistics,
  type AdminTransaction,
  type AdminTransactions,
  orderStatus,
} from '#shared/schemas/admin';
import { type LedgerEntry, listAllPurchases, listNewestLedgerEntries } from '../../data/credits-repository';
import { getTotals } from '../../data/stats-repository';
import { listAdminUsersPage } from './users';

function toAdminTransaction(entry: LedgerEntry): AdminTransaction {
  return {
    id: entry.id,
    userId: entry.userId,
    type: entry.type,
    amount: entry.amount,
    description: entry.description,
    createdAt: entry.createdAt,
  };
}

/** get_admin_statistics: the counters (never a scan) and the newest users and transactions. */
export async function getAdminStatistics(now: Date): Promise<AdminStatistics> {
  const [totals, recentUsers, recentTransactions] = await Promise.all([
    getTotals(),
    listAdminUsersPage(ADMIN_RECENT_LIMIT, undefined, now),
    listNewestLedgerEntries(ADMIN_RECENT_LIMIT),
  ]);
  return {
    totalUsers: totals.users,
    totalThreads: totals.threads,
    totalTransactions: totals.transactions,
    creditsPurchasedTotal: totals.creditsPurchased,
    recentUsers: recentUsers.users,
    recentTransactions: recentTransactions.map(toAdminTransaction),
    engagement: { total: Math.max(0, totals.engagement), threadsWithReadings: Math.max(0, totals.threadsWithReadings) },
  };
}

/** The Transactions page: the counters and the 100 newest ledger entries of every user. */
export async function listAdminTransactions(): Promise<AdminTransactions> {
  const [totals, entries] = await Promise.all([getTotals(), listNewestLedgerEntries(ADMIN_TRANSACTIONS_LIMIT)]);
  return {
    totalTransactions: totals.transactions,
    creditsPurchasedTotal: totals.creditsPurchased,
    transactions: entries.map(toAdminTransaction),
  };
}

/** The Orders page: every purchase with its derived status, and the order totals. */
export async function listAdminOrders(): Promise<AdminOrders> {
  const orders = (await listAllPurchases()).map((entry) => {
    const paymentReference = entry.stripePaymentIntentId ?? null;
    return {
      id: entry.id,
      userId: entry.userId,
      credits: entry.amount,
      description: entry.description,
      paymentReference,
      status: orderStatus({ paymentReference }),
      createdAt: entry.createdAt,
    };
  });
  return {
    totalOrders: orders.length,
    completedOrders: orders.filter((order) => order.status === 'completed').length,
    pendingOrders: orders.filter((order) => order.status === 'pending').length,
    creditsSold: orders.filter((order) => order.status === 'completed').reduce((sum, order) => sum + order.credits, 0),
    orders,
  };
}

import {
  ADMIN_RECENT_LIMIT,
  ADMIN_TRANSACTIONS_LIMIT,
  type AdminStatistics,
  type AdminTransaction,
  type AdminTransactions,
} from '../../shared/schemas/admin';
import { type LedgerEntry, listNewestLedgerEntries } from '../data/credits-repository';
import { getTotals } from '../data/stats-repository';
import { listAdminUsersPage } from './admin-users';

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

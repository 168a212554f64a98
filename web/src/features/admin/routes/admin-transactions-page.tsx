import { useAdminTransactions } from '../api/get-admin-transactions';
import { QueryStatus } from '../components/query-status';
import { StatCards } from '../components/stat-cards';
import { TransactionsTable } from '../components/transactions-table';

/** /admin/transactions: the totals and the 100 newest transactions of every user. */
export function AdminTransactionsPage() {
  const transactions = useAdminTransactions();
  return (
    <section className="stack">
      <h1>Transactions</h1>
      <QueryStatus query={transactions} loading="Loading transactions…" />
      {transactions.isSuccess ? (
        <>
          <StatCards
            stats={[
              { label: 'Total Transactions', value: transactions.data.totalTransactions },
              { label: 'Credits Purchased', value: transactions.data.creditsPurchasedTotal },
            ]}
          />
          <TransactionsTable
            caption={`The ${transactions.data.transactions.length} newest transactions`}
            transactions={transactions.data.transactions}
          />
        </>
      ) : null}
    </section>
  );
}

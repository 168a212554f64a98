import { useAdminTransactions } from '../api/get-admin-transactions';
import { StatCards } from '../components/stat-cards';
import { TransactionsTable } from '../components/transactions-table';

/** /admin/transactions: the totals and the 100 newest transactions of every user. */
export function AdminTransactionsPage() {
  const transactions = useAdminTransactions();
  return (
    <section className="stack">
      <h1>Transactions</h1>
      {transactions.isPending ? <p className="muted">Loading transactions…</p> : null}
      {transactions.isError ? <p className="notice notice--error">{transactions.error.message}</p> : null}
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

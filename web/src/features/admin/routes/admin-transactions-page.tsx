/** /admin/transactions: admin portal Transactions; the router lets only admins in (others go to /). */
export function AdminTransactionsPage() {
  return (
    <section className="page">
      <h1>Admin Transactions</h1>
      <p className="muted">The newest credit transactions.</p>
    </section>
  );
}

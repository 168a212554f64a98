/** /admin: admin portal Dashboard; the router lets only admins in (others go to /). */
export function AdminDashboardPage() {
  return (
    <section className="page">
      <h1>Admin Dashboard</h1>
      <p className="muted">Totals of users, threads, transactions and credits purchased.</p>
    </section>
  );
}

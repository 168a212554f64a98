/** /admin/orders: admin portal Orders; the router lets only admins in (others go to /). */
export function AdminOrdersPage() {
  return (
    <section className="page">
      <h1>Admin Orders</h1>
      <p className="muted">Credit purchases and their status.</p>
    </section>
  );
}

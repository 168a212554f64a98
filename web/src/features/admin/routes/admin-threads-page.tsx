/** /admin/threads: admin portal Threads; the router lets only admins in (others go to /). */
export function AdminThreadsPage() {
  return (
    <section className="page">
      <h1>Admin Threads</h1>
      <p className="muted">The newest threads across all users.</p>
    </section>
  );
}

/** /admin/users: admin portal Users; the router lets only admins in (others go to /). */
export function AdminUsersPage() {
  return (
    <section className="page">
      <h1>Admin Users</h1>
      <p className="muted">Every user with their role and credits.</p>
    </section>
  );
}

/** /admin/settings: admin portal Settings; the router lets only admins in (others go to /). */
export function AdminSettingsPage() {
  return (
    <section className="page">
      <h1>Admin Settings</h1>
      <p className="muted">Platform switches, credit packages and admin actions.</p>
    </section>
  );
}

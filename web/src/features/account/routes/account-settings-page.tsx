import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth-context';
import { DangerZone } from '../components/danger-zone';
import { PlatformConnectionsCard } from '../components/platform-connections-card';

/** /account-settings: platform connections and the Danger Zone; signed-out users are asked to sign in. */
export function AccountSettingsPage() {
  const { user, status } = useAuth();
  if (status === 'loading') {
    return (
      <p className="page-status" role="status">
        Loading…
      </p>
    );
  }
  if (!user) {
    return (
      <section className="page page--narrow card">
        <h1>Sign in required</h1>
        <p className="muted">Please sign in to manage your account settings.</p>
        <Link className="button button--primary" to={paths.auth.getHref({ redirect: paths.accountSettings.getHref() })}>
          Sign In
        </Link>
      </section>
    );
  }
  return (
    <div className="page page--narrow stack">
      <header>
        <h1>Account Settings</h1>
        <p className="muted">Signed in as {user.email}</p>
      </header>
      <PlatformConnectionsCard />
      <DangerZone email={user.email} />
    </div>
  );
}

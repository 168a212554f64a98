import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { DangerZone } from '#web/features/account/components/danger-zone';
import { DisplayNameCard } from '#web/features/account/components/display-name-card';
import { PlatformConnectionsCard } from '#web/features/account/components/platform-connections-card';
import { ApiKeysCard } from '#web/features/api-keys/components/api-keys-card';
import { PlugDefaultCard } from '#web/features/publishing/components/plug-default-card';
import { PostingQueueCard } from '#web/features/scheduling/components/posting-queue-card';
import { WebhooksCard } from '#web/features/webhooks/components/webhooks-card';
import { useAuth } from '#web/lib/auth-context';
import '#web/features/scheduling/scheduling.css';
import { LoadingState } from '#web/components/ui/loading-state';

/**
 * /account-settings: the public display name, platform connections, the posting queue, the plug's
 * default, the personal workspace's API keys and the Danger Zone; signed-out users are asked to sign in.
 */
export function AccountSettingsPage() {
  const { user, status } = useAuth();
  if (status === 'loading') {
    return <LoadingState as="p" spinner={false} />;
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
      <DisplayNameCard />
      <PlatformConnectionsCard />
      <PostingQueueCard />
      <PlugDefaultCard />
      <ApiKeysCard workspaceId={user.userId} />
      <WebhooksCard workspaceId={user.userId} />
      <DangerZone email={user.email} />
    </div>
  );
}

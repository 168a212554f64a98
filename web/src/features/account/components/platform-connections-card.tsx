import { RoleNotice } from '#web/components/ui/role-notice';
import { paths } from '#web/config/paths';
import { useWorkspacePermission } from '#web/lib/get-workspaces';
import { PlatformConnections } from '../../connections/components/platform-connections';
import { useOAuthReturnNotice } from '../../connections/hooks/use-oauth-return-notice';

/** The Social Platform Connections card of account settings. */
export function PlatformConnectionsCard() {
  useOAuthReturnNotice();
  const canConnect = useWorkspacePermission('connections').allowed;
  return (
    <section className="card" aria-labelledby="platform-connections-title">
      <h2 id="platform-connections-title">Social Platform Connections</h2>
      <RoleNotice permission="connections" />
      {/* A role without `connections` sees the workspace's accounts but cannot change them. */}
      <fieldset className="plain-fieldset" disabled={!canConnect}>
        <PlatformConnections returnPath={paths.accountSettings.getHref()} />
      </fieldset>
    </section>
  );
}

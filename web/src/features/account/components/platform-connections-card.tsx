import { paths } from '#web/config/paths';
import { PlatformConnections } from '../../connections/components/platform-connections';
import { useOAuthReturnNotice } from '../../connections/hooks/use-oauth-return-notice';

/** The Social Platform Connections card of account settings. */
export function PlatformConnectionsCard() {
  useOAuthReturnNotice();
  return (
    <section className="card" aria-labelledby="platform-connections-title">
      <h2 id="platform-connections-title">Social Platform Connections</h2>
      <PlatformConnections returnPath={paths.accountSettings.getHref()} />
    </section>
  );
}

import { adminActionFailed, adminMessages } from '../../../../../shared/messages';
import { platformDisplayName } from '../../../../../shared/platforms';
import { useToast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useAdminSettings } from '../api/get-admin-settings';
import { useUpdatePlatformSetting } from '../api/update-platform-setting';
import { StatCards } from '../components/stat-cards';
import '../components/admin.css';

function PlatformToggles({
  platforms,
}: {
  platforms: Array<{ platform: Parameters<typeof platformDisplayName>[0]; enabled: boolean }>;
}) {
  const { toast } = useToast();
  const update = useUpdatePlatformSetting();
  return (
    <fieldset className="card stack">
      <legend>Platforms</legend>
      {platforms.map(({ platform, enabled: stored }) => {
        // Show the admin's choice at once while it is being saved.
        const enabled = update.isPending && update.variables.platform === platform ? update.variables.enabled : stored;
        return (
          <label key={platform} className="row">
            <input
              type="checkbox"
              checked={enabled}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { platform, enabled: event.target.checked },
                  { onError: (error) => toast({ ...adminActionFailed(error.message), variant: 'destructive' }) },
                )
              }
            />
            {platformDisplayName(platform)} {enabled ? 'enabled' : 'disabled'}
          </label>
        );
      })}
    </fieldset>
  );
}

/** /admin/settings: system figures, platform toggles and the (inert) emergency actions. */
export function AdminSettingsPage() {
  const settings = useAdminSettings();
  if (settings.isError && settings.error instanceof ApiError && [401, 403].includes(settings.error.status)) {
    return (
      <section className="stack">
        <h1>{adminMessages.accessDenied.title}</h1>
        <p>{adminMessages.accessDenied.description}</p>
      </section>
    );
  }
  return (
    <section className="stack">
      <h1>Settings</h1>
      {settings.isPending ? <p className="muted">Loading settings…</p> : null}
      {settings.isError ? <p className="notice notice--error">{settings.error.message}</p> : null}
      {settings.isSuccess ? (
        <>
          <StatCards stats={[{ label: 'Uptime', value: settings.data.uptime }]} />
          <PlatformToggles platforms={settings.data.platforms} />
          <div className="card stack">
            <h2>Emergency Actions</h2>
            <div className="row">
              <button type="button" className="button">
                Maintenance
              </button>
              <button type="button" className="button">
                Export
              </button>
              <button type="button" className="button button--danger">
                Run Maintenance
              </button>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

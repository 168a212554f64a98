import { formatEuros } from '#shared/credits';
import { adminActionFailed, adminActionSucceeded, adminMessages } from '#shared/messages/admin';
import { platformDisplayName } from '#shared/platforms';
import type { CreditPackage } from '#shared/schemas/credits';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { useAdminSettings } from '../api/get-admin-settings';
import { useRunAdminAction } from '../api/run-admin-action';
import { useUpdatePlatformSetting } from '../api/update-platform-setting';
import { AdminTable } from '../components/admin-table';
import { StatCards } from '../components/stat-cards';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

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

/** refresh_admin_credits: every admin's free credits to 100, confirmed by the server's message. */
function AdminActions() {
  const { toast } = useToast();
  const action = useRunAdminAction();
  return (
    <div className="card stack">
      <h2>Admin Actions</h2>
      <p className="muted">Sets every admin's free credits to 100, each change recorded in their credit history.</p>
      <div className="row">
        <button
          type="button"
          className="button button--primary"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(
              { action: 'refresh_admin_credits' },
              {
                onSuccess: (result) => toast({ ...adminActionSucceeded(result.message), variant: 'success' }),
                onError: (error) => toast({ ...adminActionFailed(error.message), variant: 'destructive' }),
              },
            )
          }
        >
          {action.isPending ? 'Refreshing…' : 'Refresh Admin Credits'}
        </button>
      </div>
    </div>
  );
}

/** The credit packages as stored (read-only): active or not, in their sort order. */
function CreditPackageList({ packages }: { packages: CreditPackage[] }) {
  return (
    <div className="card stack">
      <h2>Credit Packages</h2>
      <AdminTable
        label="Credit packages table"
        caption={`${packages.length} packages, by sort order`}
        columns={['Name', 'Credits', 'Price', 'Status', 'Sort order']}
      >
        {packages.map((pkg) => (
          <tr key={pkg.id}>
            <td>{pkg.name}</td>
            <td>{pkg.credits}</td>
            <td>{formatEuros(pkg.priceCents)}</td>
            <td>
              <span className={`admin-badge ${pkg.isActive ? 'admin-badge--success' : 'admin-badge--warning'}`}>
                {pkg.isActive ? 'Active' : 'Inactive'}
              </span>
            </td>
            <td>{pkg.sortOrder}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

/** /admin/settings: system figures, platform toggles, admin actions, credit packages and the (inert) emergency actions. */
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
      <QueryStatus query={settings} loading="Loading settings…" />
      {settings.isSuccess ? (
        <>
          <StatCards stats={[{ label: 'Uptime', value: settings.data.uptime }]} />
          <PlatformToggles platforms={settings.data.platforms} />
          <AdminActions />
          <CreditPackageList packages={settings.data.packages} />
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

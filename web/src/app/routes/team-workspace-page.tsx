import { roleAllows } from '#shared/workspaces/roles';
import { ApiKeysCard } from '#web/features/api-keys/components/api-keys-card';
import { WebhooksCard } from '#web/features/webhooks/components/webhooks-card';
import { WorkspacePage } from '#web/features/workspaces/routes/workspace-page';

/**
 * /workspace: the workspaces feature's page, with the current team's API keys and webhooks for those who manage
 * its members (the same permission the server checks).
 */
export function TeamWorkspacePage() {
  return (
    <WorkspacePage
      teamCards={(workspace) =>
        roleAllows(workspace.role, 'members') ? (
          <>
            <ApiKeysCard workspaceId={workspace.id} />
            <WebhooksCard workspaceId={workspace.id} />
          </>
        ) : null
      }
    />
  );
}

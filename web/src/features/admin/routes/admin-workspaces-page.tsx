import {
  adminWorkspaceBalance,
  adminWorkspaceMembersSummary,
  adminWorkspacesCaption,
  adminWorkspacesTexts,
} from '#shared/messages/admin';
import type { AdminWorkspace } from '#shared/schemas/admin';
import { roleLabels } from '#shared/workspaces/roles';
import { useAdminWorkspaces } from '../api/get-admin-workspaces';
import { AdminTable } from '../components/admin-table';
import { LoadMoreButton } from '../components/load-more-button';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The members cell: the count, opening onto each listed member's email and role. */
function MembersCell({ workspace }: { workspace: AdminWorkspace }) {
  return (
    <details>
      <summary>{adminWorkspaceMembersSummary(workspace.memberCount, workspace.members.length)}</summary>
      <ul aria-label={`Members of ${workspace.name}`}>
        {workspace.members.map((member) => (
          <li key={member.email}>
            {member.email} <span className="admin-badge">{roleLabels[member.role]}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** /admin/workspaces: every team workspace, 20 a page, with its members, balance and activity. */
export function AdminWorkspacesPage() {
  const workspaces = useAdminWorkspaces();
  const rows = workspaces.data?.pages.flatMap((page) => page.workspaces) ?? [];
  return (
    <section className="stack">
      <h1>{adminWorkspacesTexts.title}</h1>
      <QueryStatus query={workspaces} loading={adminWorkspacesTexts.loading} />
      {workspaces.isSuccess ? (
        <AdminTable
          label={adminWorkspacesTexts.tableLabel}
          caption={adminWorkspacesCaption(rows.length)}
          columns={[...adminWorkspacesTexts.columns]}
        >
          {rows.map((workspace) => (
            <tr key={workspace.id}>
              <td>{workspace.name}</td>
              <td>{workspace.createdByEmail ?? adminWorkspacesTexts.ownerLeft}</td>
              <td>
                <MembersCell workspace={workspace} />
              </td>
              <td>{adminWorkspaceBalance(workspace.balance)}</td>
              <td>{workspace.threadCount}</td>
              <td>
                {workspace.lastThreadAt
                  ? MOMENT.format(new Date(workspace.lastThreadAt))
                  : adminWorkspacesTexts.noThreads}
              </td>
              <td>{DAY.format(new Date(workspace.createdAt))}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <LoadMoreButton list={workspaces} label={adminWorkspacesTexts.loadMore} />
    </section>
  );
}

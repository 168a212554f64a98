import { adminMessages, updateUserRoleFailed } from '#shared/messages/admin';
import type { AdminUser } from '#shared/schemas/admin';
import { useToast } from '#web/components/ui/use-toast';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { AdminTable } from '../components/admin-table';
import { LoadMoreButton } from '../components/load-more-button';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

const JOINED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function RoleToggle({ user }: { user: AdminUser }) {
  const { toast } = useToast();
  const update = useUpdateUserRole();
  const makeAdmin = user.role !== 'admin';
  const label = makeAdmin ? 'Make Admin' : 'Remove Admin';
  return (
    <button
      type="button"
      className={makeAdmin ? 'button button--primary' : 'button'}
      disabled={update.isPending}
      aria-label={`${label}: ${user.username ?? user.id.slice(0, 8)}`}
      onClick={() =>
        update.mutate(
          { userId: user.id, role: makeAdmin ? 'admin' : 'user' },
          {
            onSuccess: () => toast({ ...adminMessages.userRoleUpdated, variant: 'success' }),
            onError: (error) => toast({ ...updateUserRoleFailed(error.message), variant: 'destructive' }),
          },
        )
      }
    >
      {label}
    </button>
  );
}

/** /admin/users: every user, 100 a page, with their role toggle. */
export function AdminUsersPage() {
  const users = useAdminUsers();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <section className="stack">
      <h1>Users</h1>
      <QueryStatus query={users} loading="Loading users…" />
      {users.isSuccess ? (
        <AdminTable
          label="Users table"
          caption={`${rows.length} users`}
          columns={['User ID', 'Username', 'Role', 'Total credits', 'Used credits', 'Joined', 'Action']}
        >
          {rows.map((user) => (
            <tr key={user.id}>
              <td className="admin-mono">{user.id.slice(0, 8)}</td>
              <td>{user.username ?? 'No username'}</td>
              <td>
                <span className={`admin-badge${user.role === 'admin' ? ' admin-badge--admin' : ''}`}>{user.role}</span>
              </td>
              <td>{user.totalCredits}</td>
              <td>{user.usedCredits}</td>
              <td>{JOINED.format(new Date(user.createdAt))}</td>
              <td>
                <RoleToggle user={user} />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <LoadMoreButton list={users} label="Load More Users" />
    </section>
  );
}

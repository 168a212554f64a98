import type { AdminStatistics } from '#shared/schemas/admin';
import { useAdminStatistics } from '../api/get-admin-statistics';
import { QueryStatus } from '../components/query-status';
import { StatCards } from '../components/stat-cards';
import { TransactionsTable } from '../components/transactions-table';

const JOINED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The Engagement tile, when the statistics count engagement read back across users. */
function engagementTiles({ engagement }: AdminStatistics): Array<{ label: string; value: string }> {
  if (!engagement) return [];
  const threads = `${engagement.threadsWithReadings.toLocaleString('en-US')} thread${engagement.threadsWithReadings === 1 ? '' : 's'}`;
  return [
    {
      label: 'Engagement',
      value: `${engagement.total.toLocaleString('en-US')} (${threads})`,
    },
  ];
}

/** /admin: the platform totals (kept as counters) and the recent users and transactions cards. */
export function AdminDashboardPage() {
  const statistics = useAdminStatistics();
  return (
    <section className="stack">
      <h1>Admin Dashboard</h1>
      <QueryStatus query={statistics} loading="Loading statistics…" />
      {statistics.isSuccess ? (
        <>
          <StatCards
            stats={[
              { label: 'Total Users', value: statistics.data.totalUsers },
              { label: 'Total Threads', value: statistics.data.totalThreads },
              { label: 'Transactions', value: statistics.data.totalTransactions },
              { label: 'Credits Purchased', value: statistics.data.creditsPurchasedTotal },
              ...engagementTiles(statistics.data),
            ]}
          />
          <div className="card stack">
            <h2>Recent Users</h2>
            <ul className="plain-list">
              {statistics.data.recentUsers.map((user) => (
                <li key={user.id}>
                  {user.username ?? 'No username'}{' '}
                  <span className="muted">· {JOINED.format(new Date(user.createdAt))}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="stack">
            <h2>Recent Transactions</h2>
            <TransactionsTable caption="The newest transactions" transactions={statistics.data.recentTransactions} />
          </div>
        </>
      ) : null}
    </section>
  );
}

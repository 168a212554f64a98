import type { AdminTransaction } from '#shared/schemas/admin';
import './admin.css';
import { AdminTable } from './admin-table';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Ledger entries of any users, newest first (dashboard card and Transactions page). */
export function TransactionsTable({ caption, transactions }: { caption: string; transactions: AdminTransaction[] }) {
  return (
    <AdminTable label={caption} caption={caption} columns={['User', 'Type', 'Amount', 'Description', 'Date']}>
      {transactions.map((entry) => (
        <tr key={`${entry.userId}-${entry.id}`}>
          <td className="admin-mono">{entry.userId.slice(0, 8)}</td>
          <td>
            <span className="admin-badge">{entry.type}</span>
          </td>
          <td>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
          <td>{entry.description}</td>
          <td>{WHEN.format(new Date(entry.createdAt))}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

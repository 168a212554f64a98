import type { OrderStatus } from '#shared/schemas/admin';
import { useAdminOrders } from '../api/get-admin-orders';
import { AdminTable } from '../components/admin-table';
import { StatCards } from '../components/stat-cards';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const STATUS_STYLE: Record<OrderStatus, string> = {
  completed: 'admin-badge admin-badge--success',
  pending: 'admin-badge admin-badge--warning',
  failed: 'admin-badge admin-badge--danger',
};

/** /admin/orders: the order totals and every purchase with its derived status. */
export function AdminOrdersPage() {
  const orders = useAdminOrders();
  return (
    <section className="stack">
      <h1>Orders</h1>
      <QueryStatus query={orders} loading="Loading orders…" />
      {orders.isSuccess ? (
        <>
          <StatCards
            stats={[
              { label: 'Total Orders', value: orders.data.totalOrders },
              { label: 'Completed', value: orders.data.completedOrders },
              { label: 'Pending', value: orders.data.pendingOrders },
              { label: 'Credits Sold', value: orders.data.creditsSold },
            ]}
          />
          <AdminTable
            label="Orders table"
            caption={`${orders.data.orders.length} orders`}
            columns={['Order', 'User', 'Credits', 'Status', 'Date']}
          >
            {orders.data.orders.map((order) => (
              <tr key={`${order.userId}-${order.id}`}>
                <td className="admin-mono">{order.id.slice(0, 8)}</td>
                <td className="admin-mono">{order.userId.slice(0, 8)}</td>
                <td>{order.credits}</td>
                <td>
                  <span className={STATUS_STYLE[order.status]}>{order.status}</span>
                </td>
                <td>{WHEN.format(new Date(order.createdAt))}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : null}
    </section>
  );
}

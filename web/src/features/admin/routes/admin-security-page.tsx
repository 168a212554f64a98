import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type AdminSecurityEvent, SECURITY_EVENT_TYPES } from '#shared/schemas/admin';
import { paths } from '#web/config/paths';
import { type SecurityEventFilters, useAdminSecurityEvents } from '../api/get-admin-security-events';
import { AdminTable } from '../components/admin-table';
import { LoadMoreButton } from '../components/load-more-button';
import '../components/admin.css';
import { QueryStatus } from '../components/query-status';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** Refusals and failures stand out in the list. */
function isAlarming(eventType: string): boolean {
  return /failed|violation|unauthorized/.test(eventType);
}

/** An event's details as `name: value` pairs (objects as compact JSON). */
function DetailList({ details }: { details: AdminSecurityEvent['details'] }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="muted">None</span>;
  return (
    <dl className="admin-details">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function FilterForm({ filters }: { filters: SecurityEventFilters }) {
  const [, setSearchParams] = useSearchParams();
  const typeId = useId();
  const userId = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const type = String(form.get('type') ?? '');
    const user = String(form.get('userId') ?? '').trim();
    if (type) next.set('type', type);
    if (user) next.set('userId', user);
    setSearchParams(next);
  };
  return (
    // Keyed by the filters so the fields show the applied ones after navigation.
    <form
      key={`${filters.type}|${filters.userId}`}
      className="card row admin-filters"
      aria-label="Filter security events"
      onSubmit={apply}
    >
      <div className="field">
        <label htmlFor={typeId}>Event type</label>
        <select id={typeId} name="type" defaultValue={filters.type}>
          <option value="">All types</option>
          {SECURITY_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={userId}>User ID</label>
        <input id={userId} name="userId" defaultValue={filters.userId} autoComplete="off" spellCheck={false} />
      </div>
      <button type="submit" className="button button--primary">
        Apply Filters
      </button>
      {filters.type || filters.userId ? (
        <Link className="button" to={paths.admin.security.getHref()}>
          Clear Filters
        </Link>
      ) : null}
    </form>
  );
}

/** /admin/security (beyond the spec): every security event, newest first, filtered by type and user. */
export function AdminSecurityPage() {
  const [searchParams] = useSearchParams();
  const filters: SecurityEventFilters = {
    type: searchParams.get('type') ?? '',
    userId: searchParams.get('userId') ?? '',
  };
  const events = useAdminSecurityEvents(filters);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <section className="stack">
      <h1>Security</h1>
      <FilterForm filters={filters} />
      <QueryStatus query={events} loading="Loading security events…" />
      {events.isSuccess && rows.length === 0 ? <p className="muted">No security events match these filters.</p> : null}
      {events.isSuccess && rows.length > 0 ? (
        <AdminTable
          label="Security events table"
          caption={`${rows.length} events, newest first`}
          columns={['Time (UTC)', 'Event', 'User', 'Details']}
        >
          {rows.map((event) => (
            <tr key={`${event.userId}-${event.id}`}>
              <td>{WHEN.format(new Date(event.createdAt))}</td>
              <td>
                <span className={`admin-badge${isAlarming(event.eventType) ? ' admin-badge--danger' : ''}`}>
                  {event.eventType}
                </span>
              </td>
              <td>
                <Link
                  className="admin-mono"
                  to={paths.admin.security.getHref({ type: filters.type, userId: event.userId })}
                  aria-label={`Show events of user ${event.userId}`}
                >
                  {event.userId.slice(0, 8)}
                </Link>
              </td>
              <td>
                <DetailList details={event.details} />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <LoadMoreButton list={events} label="Load More Events" />
    </section>
  );
}

import { useId, useRef } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/get-me';
import './admin-layout.css';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

const ADMIN_LINKS = [
  { label: 'Dashboard', to: paths.admin.dashboard.getHref(), end: true },
  { label: 'Users', to: paths.admin.users.getHref(), end: false },
  { label: 'Workspaces', to: paths.admin.workspaces.getHref(), end: false },
  { label: 'Threads', to: paths.admin.threads.getHref(), end: false },
  { label: 'Transactions', to: paths.admin.transactions.getHref(), end: false },
  { label: 'Orders', to: paths.admin.orders.getHref(), end: false },
  { label: 'Settings', to: paths.admin.settings.getHref(), end: false },
  { label: 'Security', to: paths.admin.security.getHref(), end: false },
];

/** The admin portal's frame: the sidebar (a drawer below 768 px) beside the current admin page. */
export function AdminLayout() {
  const containerRef = useRef<HTMLDivElement>(null);
  const { open, toggle, triggerRef } = useDisclosure(containerRef);
  const sidebarId = useId();
  const me = useMe();
  const signOut = useSignOut();
  return (
    <div className="admin-shell" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="button admin-drawer-toggle"
        aria-expanded={open}
        aria-controls={sidebarId}
        onClick={toggle}
      >
        Admin menu
      </button>
      <nav id={sidebarId} aria-label="Admin" className={`admin-sidebar${open ? ' admin-sidebar--open' : ''}`}>
        <ul className="admin-sidebar__links">
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="nav-link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="admin-sidebar__footer">
          <Link className="nav-link" to={paths.home.getHref()}>
            Back to site
          </Link>
          {me.data ? <span className="admin-credits-chip">{me.data.credits.availableCredits} credits</span> : null}
          <button type="button" className="button" onClick={() => void signOut()}>
            Sign Out
          </button>
        </div>
      </nav>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}

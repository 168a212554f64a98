import { useId, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth-context';
import { useIsAdmin } from '../../lib/get-is-admin';
import { useMe } from '../../lib/get-me';
import { CreditBalancePanel } from './credit-balance-panel';
import { headerNavItems, type NavItem } from './nav-items';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

function signInHref(pathname: string, search: string): string {
  // Coming back to a page after signing in only makes sense for pages other than home and /auth.
  if (pathname === paths.home.path || pathname === paths.auth.path) return paths.auth.getHref();
  return paths.auth.getHref({ redirect: `${pathname}${search}` });
}

function NavLinks({ items, className }: { items: NavItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className="nav-link">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The account entries shared by the desktop user menu and the mobile menu. */
function AccountEntries({ onSignOut }: { onSignOut: () => void }) {
  const me = useMe();
  return (
    <>
      <CreditBalancePanel credits={me.data?.credits} loading={me.isPending || me.isFetching} failed={me.isError} />
      <ul className="menu-list">
        <li>
          <Link className="menu-item" to={paths.credits.getHref()}>
            Credits
          </Link>
        </li>
        <li>
          <Link className="menu-item" to={paths.accountSettings.getHref()}>
            Account Settings
          </Link>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={onSignOut}>
            Sign Out
          </button>
        </li>
      </ul>
    </>
  );
}

function UserMenu({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { open, toggle, close, triggerRef } = useDisclosure(containerRef);
  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${email}`}
        onClick={toggle}
      >
        <span className="avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase() || '?'}
        </span>
      </button>
      {open ? (
        <div id={panelId} className="popover user-menu__panel">
          <p className="user-menu__email">{email}</p>
          <AccountEntries
            onSignOut={() => {
              close();
              onSignOut();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function MobileMenu({ items, email, onSignOut }: { items: NavItem[]; email: string | null; onSignOut: () => void }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();
  const { open, toggle, close, triggerRef } = useDisclosure(containerRef);
  return (
    <div className="mobile-menu" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="icon-button mobile-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={toggle}
      >
        <span className="hamburger" aria-hidden="true" />
      </button>
      {open ? (
        <nav id={panelId} className="mobile-menu__panel" aria-label="Mobile">
          <NavLinks items={items} className="mobile-menu__links" />
          {email ? (
            <>
              <p className="mobile-menu__signed-in">
                Signed in as <strong>{email}</strong>
              </p>
              <AccountEntries
                onSignOut={() => {
                  close();
                  onSignOut();
                }}
              />
            </>
          ) : (
            <Link className="button button--primary button--block" to={signInHref(location.pathname, location.search)}>
              Sign In
            </Link>
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** The shared header: logo, navigation, and the Sign In button or the user menu; a hamburger menu below 768 px. */
export function Header() {
  const { user, status } = useAuth();
  const location = useLocation();
  // Loaded with the page, so the menu's balance panel opens with its figures.
  useMe();
  const signOut = useSignOut();
  const signedIn = status === 'signedIn' && user !== null;
  // The Admin Portal entry waits for the is_admin check to finish and shows only for admins.
  const items = headerNavItems(signedIn, useIsAdmin());
  const onSignOut = () => void signOut();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home.getHref()} className="logo">
          <span className="logo__mark" aria-hidden="true">
            ✂
          </span>
          <span>ThreadSnip</span>
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <NavLinks items={items} className="nav-list" />
        </nav>
        <div className="site-header__account">
          {status === 'loading' ? (
            <span className="skeleton skeleton--avatar" aria-hidden="true" />
          ) : signedIn ? (
            <UserMenu email={user.email} onSignOut={onSignOut} />
          ) : (
            <Link className="button button--primary" to={signInHref(location.pathname, location.search)}>
              Sign In
            </Link>
          )}
        </div>
        <MobileMenu items={items} email={signedIn ? user.email : null} onSignOut={onSignOut} />
      </div>
    </header>
  );
}

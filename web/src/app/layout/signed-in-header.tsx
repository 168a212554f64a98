import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { useIsAdmin } from '../../lib/get-is-admin';
import { useMe } from '../../lib/get-me';
import { CreditBalancePanel } from './credit-balance-panel';
import { HeaderFrame, type MobileMenuState, SignedInAs } from './header';
import { headerNavItems } from './nav-items';
import { NotificationsMenu } from './notifications-menu';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

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

/** The header of a signed-in user: My Threads, Scheduled, Admin Portal for admins, the account menu. */
export function SignedInHeader({ email, mobileMenu }: { email: string; mobileMenu: MobileMenuState }) {
  // Loaded with the page, so the menu's balance panel opens with its figures.
  useMe();
  const signOut = useSignOut();
  const onSignOut = () => void signOut();
  // The Admin Portal entry waits for the is_admin check to finish and shows only for admins.
  const items = headerNavItems(true, useIsAdmin());
  return (
    <HeaderFrame
      items={items}
      account={
        <>
          <WorkspaceSwitcher />
          <NotificationsMenu />
          <UserMenu email={email} onSignOut={onSignOut} />
        </>
      }
      mobileAccount={(close) => (
        <>
          <SignedInAs email={email} />
          <WorkspaceSwitcher />
          <AccountEntries
            onSignOut={() => {
              close();
              onSignOut();
            }}
          />
        </>
      )}
      mobileMenu={mobileMenu}
    />
  );
}

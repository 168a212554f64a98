import { lazy, type ReactNode, type RefObject, Suspense, useId, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth-context';
import { headerNavItems, type NavItem } from './nav-items';
import { useDisclosure } from './use-disclosure';

// The signed-in parts (account menu, credit balance, the is_admin check) need the API client,
// zod and react-query's hooks: loaded only once someone is signed in, never on a visitor's first load.
const SignedInHeader = lazy(async () => ({ default: (await import('./signed-in-header')).SignedInHeader }));

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

function SignInLink({ className }: { className: string }) {
  const location = useLocation();
  return (
    <Link className={className} to={signInHref(location.pathname, location.search)}>
      Sign In
    </Link>
  );
}

/** The mobile menu's open state, kept by `Header` so that it survives the signed-in part loading in. */
export interface MobileMenuState extends ReturnType<typeof useDisclosure> {
  containerRef: RefObject<HTMLDivElement | null>;
}

function useMobileMenuState(): MobileMenuState {
  const containerRef = useRef<HTMLDivElement>(null);
  return { ...useDisclosure(containerRef), containerRef };
}

function MobileMenu({
  items,
  account,
  state,
}: {
  items: NavItem[];
  account: ((close: () => void) => ReactNode) | null;
  state: MobileMenuState;
}) {
  const panelId = useId();
  const { open, toggle, close, triggerRef, containerRef } = state;
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
          {account ? account(close) : <SignInLink className="button button--primary button--block" />}
        </nav>
      ) : null}
    </div>
  );
}

/** The mobile menu's first line for a signed-in user. */
export function SignedInAs({ email }: { email: string }) {
  return (
    <p className="mobile-menu__signed-in">
      Signed in as <strong>{email}</strong>
    </p>
  );
}

/** What fills the header's account slots: the desktop corner, and the mobile menu's part (null: Sign In). */
export interface HeaderFrameProps {
  items: NavItem[];
  account: ReactNode;
  mobileAccount: ((close: () => void) => ReactNode) | null;
  mobileMenu: MobileMenuState;
}

/** Logo, navigation, the account corner and the hamburger menu below 768 px. */
export function HeaderFrame({ items, account, mobileAccount, mobileMenu }: HeaderFrameProps) {
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
        <div className="site-header__account">{account}</div>
        <MobileMenu items={items} account={mobileAccount} state={mobileMenu} />
      </div>
    </header>
  );
}

const avatarSkeleton = <span className="skeleton skeleton--avatar" aria-hidden="true" />;

/** The shared header: logo, navigation, and the Sign In button or the user menu; a hamburger menu below 768 px. */
export function Header() {
  const { user, status } = useAuth();
  // Kept here, above the Suspense boundary: a menu opened while the signed-in part loads stays open.
  const mobileMenu = useMobileMenuState();
  if (status === 'signedIn' && user !== null) {
    // Until the signed-in part loads: the signed-in links, a skeleton where the menu goes.
    const loading = (
      <HeaderFrame
        items={headerNavItems(true, false)}
        account={avatarSkeleton}
        mobileAccount={() => (
          <>
            <SignedInAs email={user.email} />
            <span className="skeleton skeleton--block" aria-hidden="true" />
          </>
        )}
        mobileMenu={mobileMenu}
      />
    );
    return (
      <Suspense fallback={loading}>
        <SignedInHeader email={user.email} mobileMenu={mobileMenu} />
      </Suspense>
    );
  }
  return (
    <HeaderFrame
      items={headerNavItems(false, false)}
      account={status === 'loading' ? avatarSkeleton : <SignInLink className="button button--primary" />}
      mobileAccount={null}
      mobileMenu={mobileMenu}
    />
  );
}

import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth-context';
import { clearReturningUserCookie, isReturningUser } from '../../lib/returning-user-cookie';

/** The consent panel behind 'Privacy settings': ThreadSnip keeps no tracking cookies, only what sign-in needs. */
function PrivacySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [removed, setRemoved] = useState(false);
  const hasCookie = open && !removed && isReturningUser();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Privacy settings"
      description="ThreadSnip uses no advertising or analytics cookies. It stores only what signing in needs."
      initialFocusRef={closeRef}
    >
      <ul className="plain-list small">
        <li>
          <strong>Sign-in session</strong> (browser storage, essential): keeps you signed in until you sign out.
        </li>
        <li>
          <strong>Returning-user cookie</strong> (365 days): remembers that this browser has signed in before.
        </li>
      </ul>
      <div className="dialog__actions">
        <button
          type="button"
          className="button"
          disabled={!hasCookie}
          onClick={() => {
            clearReturningUserCookie();
            setRemoved(true);
          }}
        >
          {hasCookie ? 'Remove returning-user cookie' : 'Returning-user cookie removed'}
        </button>
        <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** The shared footer: product links, legal links, About and the copyright line. */
export function Footer() {
  const { status } = useAuth();
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const signedIn = status === 'signedIn';
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="logo">ThreadSnip</p>
          <p className="muted small">Snip it • Shape it • Share it</p>
        </div>
        <nav aria-label="Product">
          <h2 className="site-footer__heading">Product</h2>
          <ul className="plain-list">
            <li>
              <Link to={paths.home.getHref()}>Home</Link>
            </li>
            <li>
              <Link to={paths.create.getHref()}>Create Thread</Link>
            </li>
            {signedIn ? (
              <>
                <li>
                  <Link to={paths.history.getHref()}>My Threads</Link>
                </li>
                <li>
                  <Link to={paths.accountSettings.getHref()}>Account Settings</Link>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="site-footer__heading">Legal</h2>
          <ul className="plain-list">
            <li>
              <Link to={paths.terms.getHref()}>Terms of Service</Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()}>Privacy Policy</Link>
            </li>
            <li>
              <button type="button" className="link-button" onClick={() => setPrivacyOpen(true)}>
                Privacy settings
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="site-footer__heading">Company</h2>
          <ul className="plain-list">
            <li>
              <Link to={paths.about.getHref()}>About</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright small muted">
        © {new Date().getFullYear()} ThreadSnip. All rights reserved.
      </p>
      <PrivacySettingsDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </footer>
  );
}

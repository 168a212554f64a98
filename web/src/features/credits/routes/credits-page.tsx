import { Link } from 'react-router-dom';
import { creditMessages } from '../../../../../shared/messages';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-context';

/** /credits: balance and purchase; signed-out users are told to sign in instead. */
export function CreditsPage() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <p className="page-status" role="status">
        Loading…
      </p>
    );
  }
  if (status === 'signedOut') {
    return (
      <section className="page page--narrow card">
        <h1>Credits</h1>
        <p>{creditMessages.signInToAccessCredits}</p>
        <Link className="button button--primary" to={paths.auth.getHref({ redirect: paths.credits.getHref() })}>
          Sign In
        </Link>
      </section>
    );
  }
  return (
    <section className="page">
      <h1>Credits</h1>
      <p className="muted">Your credit balance and credit packages will be shown here.</p>
    </section>
  );
}

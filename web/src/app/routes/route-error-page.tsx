import { Link } from 'react-router-dom';
import { ErrorState } from '#web/components/ui/error-state';
import { paths } from '../../config/paths';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy replaced the chunks). */
export function RouteErrorPage() {
  return (
    <ErrorState as="section" className="page page--narrow">
      <h1>Something went wrong</h1>
      <p className="muted">This page could not be loaded. Reload to try again.</p>
      <div className="row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="button" to={paths.home.getHref()} reloadDocument>
          Return to Home
        </Link>
      </div>
    </ErrorState>
  );
}

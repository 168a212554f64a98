import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Return to Home
      </Link>
    </section>
  );
}

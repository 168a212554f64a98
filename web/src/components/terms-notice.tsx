import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import './terms-notice.css';

/** The agreement line shown next to the Generate Thread button: generating accepts the terms. */
export function TermsNotice({ className }: { className?: string }) {
  return (
    <p className={className ? `terms-notice ${className}` : 'terms-notice'}>
      By clicking Generate Thread, you agree to our <Link to={paths.terms.getHref()}>Terms of Service</Link>.
    </p>
  );
}

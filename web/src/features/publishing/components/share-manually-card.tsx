import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';

/** The panel's Share Manually card: copy, then paste anywhere, with the step-by-step guide. */
export function ShareManuallyCard({ threadId }: { threadId: string }) {
  return (
    <section className="card stack" aria-labelledby="share-manually-heading">
      <h2 id="share-manually-heading">Share Manually</h2>
      <ol>
        <li>Copy each post, one at a time or all at once.</li>
        <li>Paste them anywhere, in order, to keep the thread together.</li>
      </ol>
      <p className="small muted">A step-by-step guide opens.</p>
      <Link className="button button--primary" to={paths.manualShare.getHref(threadId)}>
        Start Manual Sharing
      </Link>
    </section>
  );
}

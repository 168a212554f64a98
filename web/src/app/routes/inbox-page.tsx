import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { InboxPage as FeedsInbox } from '#web/features/feeds/routes/inbox-page';

/**
 * /inbox: the feeds' inbox. 'Make Thread' arrives at /create as the Share menu does (its title beside
 * the URL), so the normal flow runs: the user picks the tone, Generate extracts, then one credit.
 */
export function InboxPage() {
  return (
    <FeedsInbox
      makeThread={(item) => (
        <Link className="btn btn-primary btn-sm" to={paths.create.getHref({ url: item.url, title: item.title })}>
          Make Thread
        </Link>
      )}
    />
  );
}

import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { InboxPage as FeedsInbox } from '#web/features/feeds/routes/inbox-page';

/** /inbox: the feeds' inbox, whose 'Make Thread' opens the normal create flow with the article's URL. */
export function InboxPage() {
  return (
    <FeedsInbox
      makeThread={(item) => (
        <Link className="btn btn-primary btn-sm" to={paths.create.getHref({ url: item.url })}>
          Make Thread
        </Link>
      )}
    />
  );
}

import type { ReactNode } from 'react';
import { FEED_LIMITS, type InboxItem } from '#shared/schemas/feeds';
import { useFeeds } from '../api/get-feeds';
import { useInbox } from '../api/get-inbox';
import { AddFeedForm } from '../components/add-feed-form';
import { AutoDraftSettings } from '../components/auto-draft-settings';
import { FeedRow } from '../components/feed-row';
import { InboxItemCard } from '../components/inbox-item-card';
import '../feeds.css';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';

/**
 * /inbox: the user's feeds (add by a feed's or a site's URL, state, Check now, Auto-draft, remove)
 * and their new articles, newest first. `makeThread` renders an item's link into the create flow,
 * given by the app's route (features do not import each other).
 */
export function InboxPage({ makeThread }: { makeThread: (item: InboxItem) => ReactNode }) {
  const feeds = useFeeds();
  const inbox = useInbox();
  const feedList = feeds.data?.feeds ?? [];
  const items = inbox.data?.items ?? [];

  return (
    <section className="page stack inbox-page">
      <header>
        <h1>Inbox</h1>
        <p className="muted">New articles from the feeds you follow.</p>
      </header>

      <section className="stack" aria-labelledby="feeds-heading">
        <h2 id="feeds-heading">
          Feeds ({feedList.length}/{FEED_LIMITS.maxFeedsPerUser})
        </h2>
        <AddFeedForm disabled={feedList.length >= FEED_LIMITS.maxFeedsPerUser} />
        {feeds.data && <AutoDraftSettings perDay={feeds.data.settings.autoDraftsPerDay} />}
        {feeds.isError && <ErrorState>{feeds.error.message}</ErrorState>}
        {feedList.length > 0 && (
          <ul className="plain-list stack" aria-label="Your feeds">
            {feedList.map((feed) => (
              <FeedRow key={feed.id} feed={feed} />
            ))}
          </ul>
        )}
      </section>

      <section className="stack" aria-labelledby="inbox-heading">
        <h2 id="inbox-heading">New articles</h2>
        {inbox.isPending && <LoadingState as="p">Loading your inbox…</LoadingState>}
        {inbox.isError && <ErrorState>{inbox.error.message}</ErrorState>}
        {inbox.isSuccess && items.length === 0 && (
          <p className="muted">No articles yet. Add a feed to see its newest articles here.</p>
        )}
        {items.length > 0 && (
          <ul className="plain-list stack" aria-label="Inbox articles">
            {items.map((item) => (
              <InboxItemCard key={item.id} item={item} makeThread={makeThread(item)} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

import type { ReactNode } from 'react';
import { feedMessages } from '#shared/messages/feeds';
import type { InboxItem } from '#shared/schemas/feeds';
import { useDismissInboxItem } from '../api/dismiss-inbox-item';
import { useFailureToast } from '../hooks/use-failure-toast';
import { formatFeedDate } from '../lib/feed-dates';

/**
 * One inbox article: title, source, date and summary, with Dismiss and Open original; `makeThread`
 * is the page's link into the create flow (another feature's).
 */
export function InboxItemCard({ item, makeThread }: { item: InboxItem; makeThread: ReactNode }) {
  const failed = useFailureToast();
  const dismiss = useDismissInboxItem();
  return (
    <li className="card inbox-item" aria-label={item.title}>
      <h3 className="inbox-item__title">{item.title}</h3>
      <p className="small muted">
        {item.source} · <time dateTime={item.publishedAt}>{formatFeedDate(item.publishedAt)}</time>
      </p>
      {item.summary && <p className="inbox-item__summary">{item.summary}</p>}
      <AutoDraftNote autoDraft={item.autoDraft} />
      <div className="inbox-item__actions">
        {makeThread}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(item.id, { onError: failed })}
        >
          Dismiss
        </button>
        <a className="btn btn-outline btn-sm" href={item.url} target="_blank" rel="noopener noreferrer">
          Open original
        </a>
      </div>
    </li>
  );
}

/** What the feed's Auto-draft did with the item: waiting, drafted, or not (and why). */
function AutoDraftNote({ autoDraft }: { autoDraft: InboxItem['autoDraft'] }) {
  switch (autoDraft?.status) {
    case 'pending':
      return (
        <p className="small muted" role="status">
          {feedMessages.drafting}
        </p>
      );
    case 'drafted':
      return <p className="small badge">Auto-drafted</p>;
    case 'skipped':
    case 'failed':
      return <p className="small muted">{autoDraft.reason}</p>;
    default:
      return null;
  }
}

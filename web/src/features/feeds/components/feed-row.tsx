import { useState } from 'react';
import type { Feed } from '#shared/schemas/feeds';
import { useToast } from '#web/components/ui/use-toast';
import { useCheckFeed } from '../api/check-feed';
import { useRemoveFeed } from '../api/remove-feed';
import { useUpdateFeed } from '../api/update-feed';
import { useFailureToast } from '../hooks/use-failure-toast';
import { formatFeedDate } from '../lib/feed-dates';

/** One followed feed: its title, last check and state, with Check now, Auto-draft and Remove. */
export function FeedRow({ feed }: { feed: Feed }) {
  const { toast } = useToast();
  const check = useCheckFeed();
  const remove = useRemoveFeed();
  const update = useUpdateFeed();
  const failed = useFailureToast();
  // The last check's time when 'Check now' was accepted: the row says Checking until a newer one lands.
  const [checkingSince, setCheckingSince] = useState<string | null | undefined>(undefined);
  const checking = checkingSince !== undefined && checkingSince === feed.lastCheckedAt;

  return (
    <li className="card feed-row" aria-label={feed.title}>
      <div className="feed-row__body">
        <strong>{feed.title}</strong>
        <span className="small muted feed-row__url">{feed.url}</span>
        <span className="small">
          Last check: {formatFeedDate(feed.lastCheckedAt)} ·{' '}
          {checking ? (
            <span className="feed-row__state" role="status">
              Checking…
            </span>
          ) : (
            <span className={feed.state === 'failing' ? 'feed-row__state feed-row__state--failing' : 'feed-row__state'}>
              {feed.state === 'failing' ? 'Failing' : 'OK'}
            </span>
          )}
        </span>
        {feed.failureReason && <span className="small muted feed-row__reason">{feed.failureReason}</span>}
      </div>
      <div className="feed-row__actions">
        <label className="small">
          <input
            type="checkbox"
            checked={feed.autoDraft}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({ feedId: feed.id, autoDraft: event.target.checked }, { onError: failed })
            }
          />{' '}
          Auto-draft
        </label>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={check.isPending || checking}
          onClick={() =>
            check.mutate(feed.id, {
              onSuccess: () => {
                setCheckingSince(feed.lastCheckedAt);
                toast({ title: 'Checking the feed', variant: 'success' });
              },
              onError: failed,
            })
          }
        >
          Check now
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(feed.id, { onError: failed })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

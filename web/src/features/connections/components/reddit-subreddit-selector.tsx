import { useState } from 'react';
import { platformMessages } from '#shared/messages/connections';
import {
  formatSubscriberCount,
  postableSubreddits,
  redditSubreddits,
  SUBREDDIT_SEARCH_THRESHOLD,
  searchSubreddits,
} from '#shared/publishing/targets';
import type { ConnectionView } from '#shared/schemas/publishing';
import { useToast } from '#web/components/ui/use-toast';
import { useSelectTarget } from '../api/select-target';
import { TargetEmptyState } from './target-empty-state';

export const NO_SUBREDDITS =
  'No subreddits available. Please reconnect your Reddit account to refresh the subreddit data.';
export const NO_POSTABLE_SUBREDDITS =
  'No subreddits where you can post: you need to be a moderator or an approved contributor.';

/** The subreddit Reddit posts go to: only those the user moderates or contributes to, searchable above 5. */
export function RedditSubredditSelector({
  connection,
  returnPath,
}: {
  connection: ConnectionView;
  returnPath: string;
}) {
  const select = useSelectTarget('reddit');
  const { toast } = useToast();
  const [query, setQuery] = useState('');
  // The choice shows at once; the server's list confirms it (or a refusal puts the old one back).
  const [choice, setChoice] = useState<string | null>(null);
  const all = redditSubreddits(connection.connectionData);
  const postable = postableSubreddits(all);
  if (all.length === 0) return <TargetEmptyState platform="reddit" message={NO_SUBREDDITS} returnPath={returnPath} />;
  if (postable.length === 0) {
    return <TargetEmptyState platform="reddit" message={NO_POSTABLE_SUBREDDITS} returnPath={returnPath} />;
  }
  const selected = choice ?? connection.connectionData.selectedSubreddit;
  const shown = searchSubreddits(postable, query);
  const choose = (name: string) => {
    setChoice(name);
    select.mutate(name, {
      onSuccess: () => toast({ ...platformMessages.subredditSelected, variant: 'success' }),
      onError: () => {
        setChoice(null);
        toast({ ...platformMessages.saveChannelFailed, variant: 'destructive' });
      },
    });
  };
  return (
    <fieldset className="stack target-list">
      <legend>Subreddit</legend>
      {postable.length > SUBREDDIT_SEARCH_THRESHOLD ? (
        <input
          type="search"
          aria-label="Search subreddits"
          placeholder="Search subreddits"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      {shown.length === 0 ? <p className="muted small">No subreddit matches “{query.trim()}”.</p> : null}
      {shown.map((subreddit) => (
        <label key={subreddit.name} className="checkbox">
          <input
            type="radio"
            name={`subreddit-${connection.platform}`}
            checked={selected === subreddit.name}
            disabled={select.isPending}
            onChange={() => choose(subreddit.name)}
          />
          r/{subreddit.name}
          <span className="badge">{formatSubscriberCount(subreddit.subscribers)} members</span>
        </label>
      ))}
    </fieldset>
  );
}

import { type FormEvent, useState } from 'react';
import { useToast } from '#web/components/ui/use-toast';
import { useAddFeed } from '../api/add-feed';

/** The address box: a feed's URL or a site's URL (its feed is found from the page). */
export function AddFeedForm({ disabled }: { disabled: boolean }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddFeed();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(url.trim(), {
      onSuccess: (feed) => {
        setUrl('');
        toast({ title: 'Feed added', description: feed.title, variant: 'success' });
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form className="stack feeds-add" onSubmit={onSubmit} aria-label="Add a feed">
      <label htmlFor="feed-url">Feed or site address</label>
      <div className="feeds-add__row">
        <input
          id="feed-url"
          type="url"
          required
          placeholder="https://example.com/feed.xml"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          disabled={disabled || add.isPending}
        />
        <button type="submit" className="btn btn-primary" disabled={disabled || add.isPending || !url.trim()}>
          {add.isPending ? 'Adding…' : 'Add Feed'}
        </button>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

import { useState } from 'react';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import { useToast } from '#web/components/ui/use-toast';
import { useUpdateFeedSettings } from '../api/update-feed-settings';
import { useFailureToast } from '../hooks/use-failure-toast';

/** How many threads the feeds' Auto-draft may make a day (each one credit; never published by itself). */
export function AutoDraftSettings({ perDay }: { perDay: number }) {
  const [value, setValue] = useState(String(perDay));
  const save = useUpdateFeedSettings();
  const { toast } = useToast();
  const failed = useFailureToast();
  const number = Number(value);
  const valid = Number.isInteger(number) && number >= 1 && number <= FEED_LIMITS.maxAutoDraftsPerDay;
  return (
    <form
      className="feeds-settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { autoDraftsPerDay: number },
          {
            onSuccess: () => toast({ title: 'Saved', variant: 'success' }),
            onError: failed,
          },
        );
      }}
    >
      <label htmlFor="auto-drafts-per-day" className="small">
        Auto-drafts a day (1 credit each; drafts are never published by themselves)
      </label>{' '}
      <input
        id="auto-drafts-per-day"
        type="number"
        min={1}
        max={FEED_LIMITS.maxAutoDraftsPerDay}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />{' '}
      <button type="submit" className="btn btn-outline btn-sm" disabled={!valid || save.isPending}>
        Save
      </button>
    </form>
  );
}

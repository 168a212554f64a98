import { useId } from 'react';
import type { ConnectionView } from '#shared/schemas/publishing';
import { useToast } from '#web/components/ui/use-toast';
import { useUpdateEngagementReads } from '../api/update-engagement-reads';
import { costPerReadText } from '../lib/engagement-reads';

/** X only: 'Read engagement from X', off until turned on, with what each read costs next to it. */
export function EngagementReadsSwitch({ reads }: { reads: NonNullable<ConnectionView['engagementReads']> }) {
  const { toast } = useToast();
  const update = useUpdateEngagementReads();
  const id = useId();
  // While saving, the switch shows the state asked for.
  const checked = update.isPending ? Boolean(update.variables) : reads.enabled;
  const change = (enabled: boolean) =>
    update.mutate(enabled, {
      onSuccess: () => toast({ title: 'Engagement reads updated', variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Could not update engagement reads', description: error.message, variant: 'destructive' }),
    });
  return (
    <div className="engagement-reads">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={update.isPending}
        aria-describedby={`${id}-cost`}
        onChange={(event) => change(event.target.checked)}
      />
      <label htmlFor={id}>Read engagement from X</label>
      <span id={`${id}-cost`} className="small muted">
        {costPerReadText(reads.costPerPostReadUsd)}
      </span>
    </div>
  );
}

import { scheduledForText } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { formatZonedDateTime } from '#shared/time-zone';
import { useScheduleZone } from '../hooks/use-schedule-zone';

/** 'Scheduled for Sun, Mar 29, 2026, 9:00 AM GMT+1 · Telegram, Bluesky', in the user's zone. */
export function ScheduledBadge({ at, platforms }: { at: string; platforms: readonly Platform[] }) {
  const zone = useScheduleZone();
  return (
    <p className="scheduled-badge small">
      <span className="badge badge--info">{scheduledForText(formatZonedDateTime(at, zone))}</span>
      <span className="muted"> · {platforms.map(platformDisplayName).join(', ')}</span>
    </p>
  );
}

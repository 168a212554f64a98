import { browserTimeZone } from '#shared/time-zone';
import { useAuth } from '#web/lib/auth-context';
import { usePostingQueue } from '../api/get-posting-queue';

/** The zone scheduled times are picked and shown in: the posting queue's, else the browser's. */
export function useScheduleZone(): string {
  const { status } = useAuth();
  const queue = usePostingQueue(status === 'signedIn');
  return queue.data?.timeZone ?? browserTimeZone();
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { threadListsQueryKey } from '../../threads/api/list-threads';
import { schedulingListsQueryKey } from '../api/get-scheduled-items';

/** After any scheduling change: the scheduling lists and My Threads (whose cards show the next scheduled time) are read again. */
export function useRefreshSchedules() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulingListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: threadListsQueryKey }),
      ]).then(() => undefined),
    [queryClient],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';

/** Switches the app to a workspace (null: personal) and refetches everything shown, now from there. */
export function useSwitchWorkspace(): (workspaceId: string | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (workspaceId) => {
      setCurrentWorkspaceId(workspaceId);
      void queryClient.resetQueries();
    },
    [queryClient],
  );
}

import { type Dispatch, useEffect, useRef } from 'react';
import { threadMessages } from '#shared/messages/threads';
import type { ToastText } from '#shared/messages/toast-text';
import type { Thread } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { type FlowAction, type FlowState, showsSavedThread } from '../lib/flow-state';

/** What the restore needs of the saved thread's query (the page reads it through the threads feature). */
export interface SavedThreadQuery {
  data: Thread | undefined;
  isError: boolean;
  error: unknown;
}

function restoreFailure(error: unknown): ToastText {
  if (error instanceof ApiError && error.status === 404) return threadMessages.restoreNotFound;
  if (error instanceof ApiError && error.status === 403) return threadMessages.restoreAccessDenied;
  if (error instanceof ApiError && error.status === 401) return threadMessages.restoreAuthRequired;
  return threadMessages.restoreFailed;
}

/**
 * Restores /create after a reload on a thread step: once the thread read by id arrives, says it was
 * restored (and records whether it has content); a signed-out visitor or a failed read returns the
 * flow to the input step with the reason.
 */
export function useRestoredDraft(state: FlowState, dispatch: Dispatch<FlowAction>, thread: SavedThreadQuery): void {
  const auth = useAuth();
  const { toast } = useToast();
  const showsThread = showsSavedThread(state);
  // The thread id a reload asked to restore (the cache is empty for it), until it is shown or refused.
  const restoring = useRef<string | null>(showsThread ? state.threadId : null);

  useEffect(() => {
    if (!showsThread || thread.data) return;
    let failure: ToastText | null = null;
    if (auth.status === 'signedOut') failure = threadMessages.restoreAuthRequired;
    else if (thread.isError) failure = restoreFailure(thread.error);
    if (!failure) return;
    restoring.current = null;
    toast({ ...failure, variant: 'destructive' });
    dispatch({ type: 'restoreFailed' });
  }, [showsThread, thread.data, thread.isError, thread.error, auth.status, toast, dispatch]);

  useEffect(() => {
    const restored = thread.data;
    if (!restored || restoring.current !== restored.id) return;
    restoring.current = null;
    toast({ ...threadMessages.threadRestored, variant: 'success' });
    if (state.hasContent !== restored.posts.length > 0) {
      dispatch({ type: 'contentChanged', hasContent: restored.posts.length > 0 });
    }
  }, [thread.data, state.hasContent, toast, dispatch]);
}

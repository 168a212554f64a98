import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alreadyPostedTo } from '#shared/messages/publishing';
import type { ChosenAccounts, PublishRequest, PublishStatusResponse } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { publishStatusQueryOptions } from '../api/get-publish-status';
import { usePublishThread } from '../api/publish-thread';
import { postingErrorToast } from '../lib/posting-error';
import { publishRowLabel, publishRowsOf } from '../lib/publish-rows';

const POSTED_ON = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * 'Already posted to Bluesky on Nov 23, 2026. Post it again?' for each chosen platform (each chosen
 * account, 'Mastodon · @news@social.example', where one of several was chosen) that has the thread.
 */
export function republishQuestions(
  status: PublishStatusResponse,
  platforms: readonly Platform[],
  accounts?: ChosenAccounts,
): string[] {
  return publishRowsOf(platforms, accounts, status.platforms).flatMap((item) => {
    const { row } = item;
    if (row?.status !== 'completed' || !row.completedAt) return [];
    return [alreadyPostedTo(publishRowLabel(item), POSTED_ON.format(new Date(row.completedAt)))];
  });
}

/**
 * Publishing that asks first when a chosen platform already has the thread (publishing again makes
 * a second copy there). The status is read afresh at the press, so a run finished meanwhile counts.
 */
export function useConfirmedPublish(threadId: string) {
  const publish = usePublishThread(threadId);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [checking, setChecking] = useState(false);
  const [question, setQuestion] = useState<{ lines: string[]; proceed: () => void } | null>(null);

  const start = async (request: PublishRequest, onPublished: () => void) => {
    const proceed = () =>
      publish.mutate(request, {
        onSuccess: onPublished,
        onError: (error) => toast({ ...postingErrorToast(error), variant: 'destructive' }),
      });
    setChecking(true);
    try {
      const status = await queryClient.fetchQuery(publishStatusQueryOptions(threadId));
      const lines = republishQuestions(status, request.platforms, request.accounts);
      if (lines.length === 0) proceed();
      else setQuestion({ lines, proceed });
    } catch (error) {
      toast({ ...postingErrorToast(error as Error), variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  return {
    start,
    busy: checking || publish.isPending,
    /** The open question's sentences, or null. */
    question: question?.lines ?? null,
    confirm: () => {
      question?.proceed();
      setQuestion(null);
    },
    cancel: () => setQuestion(null),
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useReducer, useRef } from 'react';
import { creditMessages } from '#shared/messages/credits';
import { generationMessages } from '#shared/messages/generation';
import { threadGenerated, threadMessages } from '#shared/messages/threads';
import type { ExtractionResult } from '#shared/schemas/article';
import type { Thread } from '#shared/schemas/thread';
import { TONES_BLOCKED_WHEN_SENSITIVE, type Tone } from '#shared/tones';
import { validateArticleUrl } from '#shared/url';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { type Me, meQueryKey, useMe } from '#web/lib/get-me';
import { threadQueryKey } from '#web/lib/query-keys';
import { createGenerationJob } from '../api/create-generation-job';
import { extractionQueryOptions } from '../api/extract-article';
import { useGenerationJob } from '../api/get-generation-job';
import { classifyJobFailure, classifySubmitError, type GenerationFailure } from '../lib/busy-retry';
import type { FlowAction } from '../lib/flow-state';
import {
  failureEffects,
  type GenerationRequest,
  type GenerationState,
  generationReducer,
  initialGeneration,
} from '../lib/generation-machine';

/** What the create page reads: the generation machine's state (less the job it follows) and the actions. */
export type Generation = Omit<GenerationState, 'job'> & GenerationActions;

interface GenerationActions {
  /** The two-step submission of the input step (a second call while one runs does nothing). */
  generate: (url: string, tone: Tone, idempotencyKey?: string, language?: string) => Promise<void>;
  regenerate: (thread: Thread, tone: Tone) => void;
  /** Try Again on the busy or failure screen: the last request once more. */
  retry: () => void;
  confirmProfessionalTone: () => void;
  cancelSensitive: () => void;
  /** Back to URL Input: forgets the running job (its result is no longer awaited). */
  abandon: () => void;
  /** Editing the URL clears the themes, the sensitivity notice and the error. */
  clearInputFeedback: () => void;
}

/**
 * The generation side of the create flow: sign-in and credit checks, the content check,
 * the sensitive-tone dialog, the job submission and its polling, and what each outcome leads to.
 */
export function useGeneration(dispatch: Dispatch<FlowAction>, leaveTo: (href: string) => void): Generation {
  const auth = useAuth();
  const me = useMe();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const [state, send] = useReducer(generationReducer, initialGeneration);
  const { job, ...shown } = state;
  const { sensitiveRequest } = shown;

  // Refs, not state: a double click lands before React re-renders.
  const running = useRef(false);
  // Bumped when a generation is abandoned, so answers to it are ignored.
  const attempt = useRef(0);
  const lastRequest = useRef<GenerationRequest | null>(null);
  /** The key of a submission whose answer was lost (network error), for the retry to send again. */
  const retryKey = useRef<string | null>(null);

  const fail = useCallback(
    (outcome: GenerationFailure, request: GenerationRequest) => {
      running.current = false;
      const regenerating = Boolean(request.threadId);
      send({ type: 'failed', outcome, regenerating });
      const effects = failureEffects(outcome, regenerating);
      if (effects.toast) toast(effects.toast);
      if (effects.flow) dispatch(effects.flow);
      if (effects.leaveToCredits) leaveTo(paths.credits.getHref());
    },
    [dispatch, leaveTo, toast],
  );

  const submit = useCallback(
    async (request: GenerationRequest) => {
      const token = attempt.current;
      lastRequest.current = request;
      retryKey.current = null;
      running.current = true;
      send({ type: 'submitted' });
      dispatch({ type: 'generationStarted' });
      try {
        const { idempotencyKey, ...body } = request;
        const created = await createGenerationJob(body, idempotencyKey);
        if (token === attempt.current) send({ type: 'jobCreated', jobId: created.jobId, request });
      } catch (error) {
        if (token !== attempt.current) return;
        // Only when the answer was lost may the server have made the job: retry with the same key.
        if (error instanceof ApiError && error.status === 0) retryKey.current = request.idempotencyKey;
        fail(
          error instanceof ApiError
            ? classifySubmitError(error.status, error.message, error.code)
            : { kind: 'failed', message: generationMessages.unexpectedError },
          request,
        );
      }
    },
    [dispatch, fail],
  );

  const generate = useCallback(
    async (rawUrl: string, tone: Tone, idempotencyKey: string = crypto.randomUUID(), language?: string) => {
      const chosen = language ? { language } : {};
      if (running.current) return;
      const checked = validateArticleUrl(rawUrl);
      if (!checked.ok) return;
      if (auth.status === 'signedOut') {
        leaveTo(paths.auth.getHref({ redirect: paths.create.getHref(), url: checked.url, tone }));
        return;
      }
      if (auth.status === 'loading' || me.isPending) {
        send({ type: 'creditsLoading' });
        return;
      }
      // A failed balance read does not block: the server refuses a generation without credit (402).
      if (me.data && me.data.credits.availableCredits < 1) {
        send({ type: 'creditsKnown' });
        toast({ ...creditMessages.insufficientCreditsToGenerate, variant: 'destructive' });
        leaveTo(paths.credits.getHref());
        return;
      }
      running.current = true;
      const token = attempt.current;
      lastRequest.current = { url: checked.url, tone, idempotencyKey, ...chosen };
      send({ type: 'checkStarted' });
      let result: ExtractionResult;
      try {
        result = await queryClient.fetchQuery(extractionQueryOptions(checked.url));
      } catch (error) {
        if (token !== attempt.current) return;
        running.current = false;
        send({
          type: 'checkFailed',
          message: error instanceof ApiError ? error.message : generationMessages.unexpectedError,
        });
        return;
      }
      if (token !== attempt.current) return;
      send({ type: 'checked', extraction: result });
      if (result.isSensitiveContent && TONES_BLOCKED_WHEN_SENSITIVE.includes(tone)) {
        running.current = false;
        send({ type: 'sensitiveToneNeeded', request: { url: checked.url, tone, idempotencyKey, ...chosen } });
        return;
      }
      await submit({ url: checked.url, tone, idempotencyKey, ...chosen });
    },
    [auth.status, me.isPending, me.data, leaveTo, queryClient, submit, toast],
  );

  const regenerate = useCallback(
    (thread: Thread, tone: Tone) => {
      if (running.current) return;
      void submit({ url: thread.sourceUrl, tone, threadId: thread.id, idempotencyKey: crypto.randomUUID() });
    },
    [submit],
  );

  const retry = useCallback(() => {
    const request = lastRequest.current;
    if (!request || running.current) return;
    const idempotencyKey = retryKey.current ?? crypto.randomUUID();
    if (request.threadId) void submit({ ...request, idempotencyKey });
    else void generate(request.url, request.tone, idempotencyKey, request.language);
  }, [generate, submit]);

  const confirmProfessionalTone = useCallback(() => {
    const request = sensitiveRequest;
    send({ type: 'sensitiveDismissed' });
    if (!request || running.current) return;
    dispatch({ type: 'toneChanged', tone: 'professional' });
    void submit({ ...request, tone: 'professional', idempotencyKey: crypto.randomUUID() });
  }, [dispatch, sensitiveRequest, submit]);

  const cancelSensitive = useCallback(() => send({ type: 'sensitiveDismissed' }), []);

  const abandon = useCallback(() => {
    attempt.current += 1;
    running.current = false;
    send({ type: 'abandoned' });
  }, []);

  const clearInputFeedback = useCallback(() => send({ type: 'inputEdited' }), []);

  // Once the balance is known, a generation asked for while it loaded may start.
  useEffect(() => {
    if (!me.isPending) send({ type: 'creditsKnown' });
  }, [me.isPending]);

  const jobQuery = useGenerationJob(job?.jobId ?? null);
  const userId = auth.user?.userId;

  useEffect(() => {
    const data = jobQuery.data;
    if (!job || !data || data.jobId !== job.jobId) return;
    if (data.status === 'failed') {
      fail(classifyJobFailure(data), job.request);
      return;
    }
    if (data.status !== 'succeeded' || !data.thread) return;
    const thread = data.thread;
    const regenerated = Boolean(job.request.threadId);
    running.current = false;
    send({ type: 'succeeded' });
    queryClient.setQueryData(threadQueryKey(thread.id), thread);
    dispatch({ type: 'generationSucceeded', threadId: thread.id, hasContent: thread.posts.length > 0 });
    if (regenerated) {
      toast({ ...threadMessages.threadUpdated, variant: 'success' });
      return;
    }
    if (!userId) return;
    // The credit was taken on the server: show the balance the server now reports.
    void queryClient.refetchQueries({ queryKey: meQueryKey(userId) }).then(() => {
      const balance = queryClient.getQueryData<Me>(meQueryKey(userId))?.credits.availableCredits;
      toast({ ...threadGenerated(balance ?? 0), variant: 'success' });
    });
  }, [jobQuery.data, job, fail, queryClient, dispatch, toast, userId]);

  useEffect(() => {
    if (job && jobQuery.isError) {
      const message = jobQuery.error instanceof ApiError ? jobQuery.error.message : generationMessages.unexpectedError;
      fail({ kind: 'failed', message }, job.request);
    }
  }, [job, jobQuery.isError, jobQuery.error, fail]);

  return {
    ...shown,
    generate,
    regenerate,
    retry,
    confirmProfessionalTone,
    cancelSensitive,
    abandon,
    clearInputFeedback,
  };
}

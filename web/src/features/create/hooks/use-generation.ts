import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import {
  creditMessages,
  generationFailed,
  generationMessages,
  threadGenerated,
  threadMessages,
} from '../../../../../shared/messages';
import type { ExtractionResult } from '../../../../../shared/schemas/article';
import type { Thread } from '../../../../../shared/schemas/thread';
import { TONES_BLOCKED_WHEN_SENSITIVE, type Tone } from '../../../../../shared/tones';
import { validateArticleUrl } from '../../../../../shared/url';
import { useToast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { type Me, meQueryKey, useMe } from '../../account/api/get-me';
import { createGenerationJob } from '../api/create-generation-job';
import { extractionQueryOptions } from '../api/extract-article';
import { useGenerationJob } from '../api/get-generation-job';
import { threadQueryKey } from '../api/get-thread';
import { classifyJobFailure, classifySubmitError, type GenerationFailure } from '../lib/busy-retry';
import type { FlowAction } from '../lib/flow-state';

/** One generation request: a new thread, or (with threadId) a free regeneration of it. */
export interface GenerationRequest {
  url: string;
  tone: Tone;
  threadId?: string;
}

/** 'checking': the content check ('Checking Content...'); 'running': the job is queued or running. */
export type GenerationPhase = 'idle' | 'checking' | 'running';

/** What the generate step shows after a failure that keeps the flow on it. */
export type GenerateStepFailure = { kind: 'busy' } | { kind: 'failed'; message: string };

export interface Generation {
  phase: GenerationPhase;
  /** The last content check's result (themes, sensitivity), until the URL is edited. */
  extraction: ExtractionResult | null;
  /** The amber box on the input step. */
  extractionError: string | null;
  failure: GenerateStepFailure | null;
  /** The request waiting on the 'Sensitive Content Detected' dialog. */
  sensitiveRequest: GenerationRequest | null;
  /** 'Loading Credits': a generation was asked for before the balance was known. */
  waitingForCredits: boolean;
  /** Bumped on every finished generation, so the preview starts from the new posts. */
  threadVersion: number;
  /** The two-step submission of the input step (a second call while one runs does nothing). */
  generate: (url: string, tone: Tone) => Promise<void>;
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
 * The generation side of the create flow (spec §4): sign-in and credit checks, the content check,
 * the sensitive-tone dialog, the job submission and its polling, and what each outcome leads to.
 */
export function useGeneration(dispatch: Dispatch<FlowAction>, leaveTo: (href: string) => void): Generation {
  const auth = useAuth();
  const me = useMe();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const [phase, setPhase] = useState<GenerationPhase>('idle');
  const [job, setJob] = useState<{ jobId: string; request: GenerationRequest } | null>(null);
  const [extraction, setExtraction] = useState<ExtractionResult | null>(null);
  const [extractionError, setExtractionError] = useState<string | null>(null);
  const [failure, setFailure] = useState<GenerateStepFailure | null>(null);
  const [sensitiveRequest, setSensitiveRequest] = useState<GenerationRequest | null>(null);
  const [waitingForCredits, setWaitingForCredits] = useState(false);
  const [threadVersion, setThreadVersion] = useState(0);

  // Refs, not state: a double click lands before React re-renders.
  const running = useRef(false);
  // Bumped when a generation is abandoned, so answers to it are ignored.
  const attempt = useRef(0);
  const lastRequest = useRef<GenerationRequest | null>(null);

  const release = useCallback(() => {
    running.current = false;
    setPhase('idle');
    setJob(null);
  }, []);

  const fail = useCallback(
    (outcome: GenerationFailure, request: GenerationRequest) => {
      release();
      const regenerating = Boolean(request.threadId);
      switch (outcome.kind) {
        case 'insufficientCredits':
          toast({ ...creditMessages.insufficientCredits, variant: 'destructive' });
          leaveTo(paths.credits.getHref());
          return;
        case 'extraction':
          if (regenerating) {
            toast({ ...generationFailed(outcome.message), variant: 'destructive' });
            dispatch({ type: 'regenerationEnded' });
          } else {
            setExtractionError(outcome.message);
            dispatch({ type: 'generationFailed' });
          }
          return;
        case 'busy':
          if (regenerating) {
            toast({ ...generationMessages.serviceBusy, variant: 'warning' });
            dispatch({ type: 'regenerationEnded' });
          } else {
            setFailure({ kind: 'busy' });
            dispatch({ type: 'generationBusy' });
          }
          return;
        case 'failed':
          toast({ ...generationFailed(outcome.message), variant: 'destructive' });
          if (regenerating) dispatch({ type: 'regenerationEnded' });
          else setFailure({ kind: 'failed', message: outcome.message });
          return;
      }
    },
    [dispatch, leaveTo, release, toast],
  );

  const submit = useCallback(
    async (request: GenerationRequest) => {
      const token = attempt.current;
      lastRequest.current = request;
      running.current = true;
      setPhase('running');
      setFailure(null);
      dispatch({ type: 'generationStarted' });
      try {
        const created = await createGenerationJob(request);
        if (token === attempt.current) setJob({ jobId: created.jobId, request });
      } catch (error) {
        if (token !== attempt.current) return;
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
    async (rawUrl: string, tone: Tone) => {
      if (running.current) return;
      const checked = validateArticleUrl(rawUrl);
      if (!checked.ok) return;
      if (auth.status === 'signedOut') {
        leaveTo(paths.auth.getHref({ redirect: paths.create.getHref(), url: checked.url, tone }));
        return;
      }
      if (auth.status === 'loading' || me.isPending) {
        setWaitingForCredits(true);
        return;
      }
      setWaitingForCredits(false);
      // A failed balance read does not block: the server refuses a generation without credit (402).
      if (me.data && me.data.credits.availableCredits < 1) {
        toast({ ...creditMessages.insufficientCreditsToGenerate, variant: 'destructive' });
        leaveTo(paths.credits.getHref());
        return;
      }
      running.current = true;
      const token = attempt.current;
      lastRequest.current = { url: checked.url, tone };
      setPhase('checking');
      setExtractionError(null);
      setFailure(null);
      let result: ExtractionResult;
      try {
        result = await queryClient.fetchQuery(extractionQueryOptions(checked.url));
      } catch (error) {
        if (token !== attempt.current) return;
        release();
        setExtraction(null);
        setExtractionError(error instanceof ApiError ? error.message : generationMessages.unexpectedError);
        return;
      }
      if (token !== attempt.current) return;
      setExtraction(result);
      if (result.isSensitiveContent && TONES_BLOCKED_WHEN_SENSITIVE.includes(tone)) {
        release();
        setSensitiveRequest({ url: checked.url, tone });
        return;
      }
      await submit({ url: checked.url, tone });
    },
    [auth.status, me.isPending, me.data, leaveTo, queryClient, release, submit, toast],
  );

  const regenerate = useCallback(
    (thread: Thread, tone: Tone) => {
      if (running.current) return;
      void submit({ url: thread.sourceUrl, tone, threadId: thread.id });
    },
    [submit],
  );

  const retry = useCallback(() => {
    const request = lastRequest.current;
    if (!request || running.current) return;
    if (request.threadId) void submit(request);
    else void generate(request.url, request.tone);
  }, [generate, submit]);

  const confirmProfessionalTone = useCallback(() => {
    const request = sensitiveRequest;
    setSensitiveRequest(null);
    if (!request || running.current) return;
    dispatch({ type: 'toneChanged', tone: 'professional' });
    void submit({ ...request, tone: 'professional' });
  }, [dispatch, sensitiveRequest, submit]);

  const cancelSensitive = useCallback(() => setSensitiveRequest(null), []);

  const abandon = useCallback(() => {
    attempt.current += 1;
    release();
    setFailure(null);
  }, [release]);

  const clearInputFeedback = useCallback(() => {
    setExtraction(null);
    setExtractionError(null);
  }, []);

  // Once the balance is known, a generation asked for while it loaded may start.
  useEffect(() => {
    if (!me.isPending) setWaitingForCredits(false);
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
    release();
    queryClient.setQueryData(threadQueryKey(thread.id), thread);
    setThreadVersion((version) => version + 1);
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
  }, [jobQuery.data, job, fail, release, queryClient, dispatch, toast, userId]);

  useEffect(() => {
    if (job && jobQuery.isError) {
      const message = jobQuery.error instanceof ApiError ? jobQuery.error.message : generationMessages.unexpectedError;
      fail({ kind: 'failed', message }, job.request);
    }
  }, [job, jobQuery.isError, jobQuery.error, fail]);

  return {
    phase,
    extraction,
    extractionError,
    failure,
    sensitiveRequest,
    waitingForCredits,
    threadVersion,
    generate,
    regenerate,
    retry,
    confirmProfessionalTone,
    cancelSensitive,
    abandon,
    clearInputFeedback,
  };
}

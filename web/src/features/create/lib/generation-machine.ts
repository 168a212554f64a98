import { creditMessages } from '#shared/messages/credits';
import { generationFailed, generationMessages } from '#shared/messages/generation';
import type { ToastText } from '#shared/messages/toast-text';
import type { ExtractionResult } from '#shared/schemas/article';
import type { Tone } from '#shared/tones';
import type { GenerationFailure } from './busy-retry';
import type { FlowAction } from './flow-state';

/** One generation request: a new thread, or (with threadId) a free regeneration of it. */
export interface GenerationRequest {
  url: string;
  tone: Tone;
  threadId?: string;
  /** The thread's language when the curator chose another than the article's. */
  language?: string;
  /** One per Generate click; a retry after a network error sends the same one (never charged twice). */
  idempotencyKey: string;
}

/** 'checking': the content check ('Checking Content...'); 'running': the job is queued or running. */
export type GenerationPhase = 'idle' | 'checking' | 'running';

/** What the generate step shows after a failure that keeps the flow on it. */
export type GenerateStepFailure = { kind: 'busy' } | { kind: 'failed'; message: string };

/** Everything the generation shows, as one value the transitions below produce. */
export interface GenerationState {
  phase: GenerationPhase;
  /** The job being followed, with the request it answers. */
  job: { jobId: string; request: GenerationRequest } | null;
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
}

export type GenerationEvent =
  | { type: 'creditsLoading' }
  | { type: 'creditsKnown' }
  | { type: 'checkStarted' }
  | { type: 'checkFailed'; message: string }
  | { type: 'checked'; extraction: ExtractionResult }
  | { type: 'sensitiveToneNeeded'; request: GenerationRequest }
  | { type: 'sensitiveDismissed' }
  | { type: 'submitted' }
  | { type: 'jobCreated'; jobId: string; request: GenerationRequest }
  | { type: 'failed'; outcome: GenerationFailure; regenerating: boolean }
  | { type: 'succeeded' }
  | { type: 'abandoned' }
  | { type: 'inputEdited' };

export const initialGeneration: GenerationState = {
  phase: 'idle',
  job: null,
  extraction: null,
  extractionError: null,
  failure: null,
  sensitiveRequest: null,
  waitingForCredits: false,
  threadVersion: 0,
};

const released = { phase: 'idle', job: null } as const;

/** The generation's pure transitions. */
export function generationReducer(state: GenerationState, event: GenerationEvent): GenerationState {
  switch (event.type) {
    case 'creditsLoading':
      return { ...state, waitingForCredits: true };
    case 'creditsKnown':
      return { ...state, waitingForCredits: false };
    case 'checkStarted':
      return { ...state, phase: 'checking', waitingForCredits: false, extractionError: null, failure: null };
    case 'checkFailed':
      return { ...state, ...released, extraction: null, extractionError: event.message };
    case 'checked':
      return { ...state, extraction: event.extraction };
    case 'sensitiveToneNeeded':
      return { ...state, ...released, sensitiveRequest: event.request };
    case 'sensitiveDismissed':
      return { ...state, sensitiveRequest: null };
    case 'submitted':
      return { ...state, phase: 'running', failure: null, sensitiveRequest: null };
    case 'jobCreated':
      return { ...state, job: { jobId: event.jobId, request: event.request } };
    case 'failed': {
      const next = { ...state, ...released };
      if (event.regenerating) return next;
      if (event.outcome.kind === 'extraction') return { ...next, extractionError: event.outcome.message };
      if (event.outcome.kind === 'busy') return { ...next, failure: { kind: 'busy' } };
      if (event.outcome.kind === 'failed')
        return { ...next, failure: { kind: 'failed', message: event.outcome.message } };
      return next;
    }
    case 'succeeded':
      return { ...state, ...released, threadVersion: state.threadVersion + 1 };
    case 'abandoned':
      return { ...state, ...released, failure: null };
    case 'inputEdited':
      return { ...state, extraction: null, extractionError: null };
  }
}

/** What a failure leads to beyond the state: a toast, a step of the create flow, or leaving for /credits. */
export interface FailureEffects {
  toast: (ToastText & { variant: 'destructive' | 'warning' }) | null;
  flow: FlowAction | null;
  leaveToCredits: boolean;
}

/** The effects of a failed generation or regeneration (the state side is `generationReducer`). */
export function failureEffects(outcome: GenerationFailure, regenerating: boolean): FailureEffects {
  switch (outcome.kind) {
    case 'insufficientCredits':
      return {
        toast: { ...creditMessages.insufficientCredits, variant: 'destructive' },
        flow: null,
        leaveToCredits: true,
      };
    case 'extraction':
      return regenerating
        ? {
            toast: { ...generationFailed(outcome.message), variant: 'destructive' },
            flow: { type: 'regenerationEnded' },
            leaveToCredits: false,
          }
        : { toast: null, flow: { type: 'generationFailed' }, leaveToCredits: false };
    case 'busy':
      return regenerating
        ? {
            toast: { ...generationMessages.serviceBusy, variant: 'warning' },
            flow: { type: 'regenerationEnded' },
            leaveToCredits: false,
          }
        : { toast: null, flow: { type: 'generationBusy' }, leaveToCredits: false };
    case 'failed':
      return {
        toast: { ...generationFailed(outcome.message), variant: 'destructive' },
        flow: regenerating ? { type: 'regenerationEnded' } : null,
        leaveToCredits: false,
      };
  }
}

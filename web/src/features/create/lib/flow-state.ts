import { isPlatform } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { DEFAULT_TONE, isTone, type Tone } from '#shared/tones';
import { nextRetryCount } from './busy-retry';
import { isSharedArrival, sharedArticleFromSearch } from './shared-arrival';

/** The five steps of /create, in order. */
export const CREATE_STEPS = ['input', 'generate', 'preview', 'share', 'publish'] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];

/** How each step is named in the step indicator. */
export const STEP_LABELS: Record<CreateStep, string> = {
  input: 'Article URL',
  generate: 'Generate',
  preview: 'Preview & Edit',
  share: 'Share',
  publish: 'Publish',
};

/** The state of the create flow; everything but retryCount is mirrored into the query string. */
export interface FlowState {
  step: CreateStep;
  url: string;
  tone: Tone;
  threadId: string | null;
  selectedPlatforms: Platform[];
  discordChannelId: string | null;
  hasContent: boolean;
  /** Service-busy failures in a row (0–3); reset by a success or Back to URL Input. */
  retryCount: number;
}

/** The flow's transitions. */
export type FlowAction =
  | { type: 'urlChanged'; url: string }
  | { type: 'toneChanged'; tone: Tone }
  | { type: 'generationStarted' }
  | { type: 'generationSucceeded'; threadId: string; hasContent: boolean }
  /** A failure that sends the flow back to the input step (extraction, credits). */
  | { type: 'generationFailed' }
  /** A service-busy failure: the generate step shows the busy screen and counts the retry. */
  | { type: 'generationBusy' }
  /** A regeneration ended without a new thread: back to the preview of the current one. */
  | { type: 'regenerationEnded' }
  | { type: 'backToInput' }
  | { type: 'restoreFailed' }
  | { type: 'contentChanged'; hasContent: boolean }
  | { type: 'continueToShare' }
  | { type: 'backToPreview' }
  | { type: 'continueToPublish' }
  | { type: 'backToShare' }
  | { type: 'platformsChanged'; platforms: Platform[] }
  | { type: 'discordChannelChanged'; channelId: string | null };

/** The state of a fresh /create visit. */
export const INITIAL_FLOW_STATE: FlowState = {
  step: 'input',
  url: '',
  tone: DEFAULT_TONE,
  threadId: null,
  selectedPlatforms: [],
  discordChannelId: null,
  hasContent: false,
  retryCount: 0,
};

/** The create flow's reducer: every step change the flow allows and nothing else. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'urlChanged':
      return { ...state, url: action.url };
    case 'toneChanged':
      return { ...state, tone: action.tone };
    case 'generationStarted':
      return { ...state, step: 'generate' };
    case 'generationSucceeded':
      return { ...state, step: 'preview', threadId: action.threadId, hasContent: action.hasContent, retryCount: 0 };
    case 'generationFailed':
      return { ...state, step: 'input' };
    case 'generationBusy':
      return { ...state, step: 'generate', retryCount: nextRetryCount(state.retryCount) };
    case 'regenerationEnded':
      return state.threadId ? { ...state, step: 'preview' } : { ...state, step: 'input' };
    case 'backToInput':
    case 'restoreFailed':
      // Back to URL Input keeps what was typed and clears everything about the thread.
      return { ...INITIAL_FLOW_STATE, url: state.url, tone: state.tone };
    case 'contentChanged':
      return { ...state, hasContent: action.hasContent };
    case 'continueToShare':
      return state.step === 'preview' && state.threadId ? { ...state, step: 'share' } : state;
    case 'backToPreview':
      return state.step === 'share' ? { ...state, step: 'preview' } : state;
    case 'continueToPublish':
      return state.step === 'share' ? { ...state, step: 'publish' } : state;
    case 'backToShare':
      return state.step === 'publish' ? { ...state, step: 'share' } : state;
    case 'platformsChanged':
      return {
        ...state,
        selectedPlatforms: action.platforms,
        discordChannelId: action.platforms.includes('discord') ? state.discordChannelId : null,
      };
    case 'discordChannelChanged':
      return { ...state, discordChannelId: action.channelId };
  }
}

/** How a step of the indicator is drawn: steps before the current one are done. */
export type StepStatus = 'done' | 'current' | 'upcoming';

/** A step's status relative to the current step (on publish the first four are all done). */
export function stepStatus(step: CreateStep, current: CreateStep): StepStatus {
  const index = CREATE_STEPS.indexOf(step);
  const currentIndex = CREATE_STEPS.indexOf(current);
  if (index < currentIndex) return 'done';
  return index === currentIndex ? 'current' : 'upcoming';
}

function isStep(value: string | null): value is CreateStep {
  return value !== null && (CREATE_STEPS as readonly string[]).includes(value);
}

/** Steps that show a saved thread, and so can be restored from its id after a reload. */
export const RESTORABLE_STEPS: readonly CreateStep[] = ['preview', 'share', 'publish'];

/** Whether the flow is on a step that shows its saved thread (so the thread must be read by id). */
export function showsSavedThread(state: Pick<FlowState, 'step' | 'threadId'>): boolean {
  return RESTORABLE_STEPS.includes(state.step) && Boolean(state.threadId);
}

/**
 * Reads the flow from the query string. A reload never lands in the middle of a generation (its
 * job is gone with the page), and a thread step without a thread id falls back to the input step.
 * A shared article (Share menu, bookmarklet) fills in the URL it found.
 */
export function flowFromSearch(search: URLSearchParams): FlowState {
  const rawStep = search.get('step');
  const threadId = search.get('threadId') || null;
  let step: CreateStep = isStep(rawStep) ? rawStep : 'input';
  if (step === 'generate' || (RESTORABLE_STEPS.includes(step) && !threadId)) step = 'input';
  const tone = search.get('tone');
  const platforms = (search.get('selectedPlatforms') ?? '').split(',').filter(isPlatform);
  return {
    step,
    url: sharedArticleFromSearch(search)?.url ?? search.get('url') ?? '',
    tone: isTone(tone) ? tone : DEFAULT_TONE,
    threadId: step === 'input' ? null : threadId,
    selectedPlatforms: [...new Set(platforms)],
    discordChannelId: search.get('discordChannelId') || null,
    hasContent: search.get('hasContent') === 'true',
    retryCount: 0,
  };
}

/**
 * Writes the flow to a query string. An untouched flow writes nothing (a clean /create); any other
 * state always carries its step, which is how a pending generation (url without step, from the
 * sign-in redirect) is told apart from a reload of the input step.
 */
export function flowToSearch(state: FlowState): URLSearchParams {
  const search = new URLSearchParams();
  const untouched =
    state.step === 'input' && !state.url && state.tone === DEFAULT_TONE && !state.threadId && !state.hasContent;
  if (untouched) return search;
  search.set('step', state.step);
  if (state.url) search.set('url', state.url);
  search.set('tone', state.tone);
  if (state.threadId) search.set('threadId', state.threadId);
  if (state.selectedPlatforms.length > 0) search.set('selectedPlatforms', state.selectedPlatforms.join(','));
  if (state.discordChannelId) search.set('discordChannelId', state.discordChannelId);
  if (state.hasContent) search.set('hasContent', 'true');
  return search;
}

/** A generation waiting to start after sign-in: `url` (and `tone`) in the query string without a step. */
export interface PendingGeneration {
  url: string;
  tone: Tone;
}

/**
 * The pending generation the sign-in redirect carries, or null. A shared article is never one: it
 * only fills in the URL, so the user picks the tone before a credit is spent.
 */
export function pendingGenerationFrom(search: URLSearchParams): PendingGeneration | null {
  const url = search.get('url');
  if (!url || search.has('step') || isSharedArrival(search)) return null;
  const tone = search.get('tone');
  return { url, tone: isTone(tone) ? tone : DEFAULT_TONE };
}

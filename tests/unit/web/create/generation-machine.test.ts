import { describe, expect, it } from 'vitest';
import type { ExtractionResult } from '#shared/schemas/article';
import {
  failureEffects,
  type GenerationEvent,
  type GenerationState,
  generationReducer,
  initialGeneration,
} from '#web/features/create/lib/generation-machine';

const request = { url: 'https://example.com/a', tone: 'casual' as const, idempotencyKey: 'key-1' };

function run(events: GenerationEvent[], from: GenerationState = initialGeneration): GenerationState {
  return events.reduce(generationReducer, from);
}

describe('the generation state machine', () => {
  it('goes checking → running → idle with a new thread version on success', () => {
    const checking = run([{ type: 'creditsLoading' }, { type: 'checkStarted' }]);
    expect(checking).toMatchObject({ phase: 'checking', waitingForCredits: false });
    const running = run([{ type: 'submitted' }, { type: 'jobCreated', jobId: 'job-1', request }], checking);
    expect(running).toMatchObject({ phase: 'running', job: { jobId: 'job-1', request } });
    expect(run([{ type: 'succeeded' }], running)).toMatchObject({ phase: 'idle', job: null, threadVersion: 1 });
  });

  it('keeps the failure of a new thread on screen: amber box, busy screen or failure message', () => {
    const running = run([{ type: 'submitted' }]);
    expect(
      run([{ type: 'failed', outcome: { kind: 'extraction', message: 'No article' }, regenerating: false }], running),
    ).toMatchObject({ phase: 'idle', extractionError: 'No article', failure: null });
    expect(run([{ type: 'failed', outcome: { kind: 'busy' }, regenerating: false }], running).failure).toEqual({
      kind: 'busy',
    });
    expect(
      run([{ type: 'failed', outcome: { kind: 'failed', message: 'Broken' }, regenerating: false }], running).failure,
    ).toEqual({ kind: 'failed', message: 'Broken' });
  });

  it('shows nothing on the generate step when a regeneration fails: the preview stays', () => {
    const state = run([{ type: 'submitted' }, { type: 'failed', outcome: { kind: 'busy' }, regenerating: true }]);
    expect(state).toMatchObject({ phase: 'idle', failure: null, extractionError: null });
  });

  it('holds a sensitive request for the tone dialog, and forgets the check when the URL is edited', () => {
    const extraction = { isSensitiveContent: true } as ExtractionResult;
    const held = run([
      { type: 'checkStarted' },
      { type: 'checked', extraction },
      { type: 'sensitiveToneNeeded', request },
    ]);
    expect(held).toMatchObject({ phase: 'idle', sensitiveRequest: request, extraction });
    expect(run([{ type: 'sensitiveDismissed' }, { type: 'inputEdited' }], held)).toMatchObject({
      sensitiveRequest: null,
      extraction: null,
      extractionError: null,
    });
  });

  it('drops the job and the failure when the generation is abandoned', () => {
    const state = run([{ type: 'submitted' }, { type: 'jobCreated', jobId: 'job-2', request }, { type: 'abandoned' }]);
    expect(state).toMatchObject({ phase: 'idle', job: null, failure: null });
  });
});

describe('what a failure leads to', () => {
  it('sends a user without credits to /credits with the spec toast', () => {
    expect(failureEffects({ kind: 'insufficientCredits' }, false)).toMatchObject({
      toast: { title: 'Insufficient Credits', variant: 'destructive' },
      leaveToCredits: true,
    });
  });

  it('moves the create flow by kind, and ends a regeneration with a toast instead', () => {
    expect(failureEffects({ kind: 'extraction', message: 'x' }, false)).toEqual({
      toast: null,
      flow: { type: 'generationFailed' },
      leaveToCredits: false,
    });
    expect(failureEffects({ kind: 'busy' }, false).flow).toEqual({ type: 'generationBusy' });
    expect(failureEffects({ kind: 'busy' }, true)).toMatchObject({
      toast: { title: 'Service Temporarily Busy', variant: 'warning' },
      flow: { type: 'regenerationEnded' },
    });
    expect(failureEffects({ kind: 'failed', message: 'Boom' }, false)).toMatchObject({
      toast: { title: 'Generation Failed', variant: 'destructive' },
      flow: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  CREATE_STEPS,
  type FlowState,
  flowFromSearch,
  flowReducer,
  flowToSearch,
  INITIAL_FLOW_STATE,
  pendingGenerationFrom,
  stepStatus,
} from '#web/features/create/lib/flow-state';
import { forwardShare, sharedArticleAt } from '#web/features/create/lib/shared-arrival';

const THREAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function previewState(overrides: Partial<FlowState> = {}): FlowState {
  return {
    ...INITIAL_FLOW_STATE,
    step: 'preview',
    url: 'https://news.example/story',
    tone: 'educational',
    threadId: THREAD_ID,
    hasContent: true,
    ...overrides,
  };
}

describe('flowReducer', () => {
  it('moves input → generate → preview and stores the thread id', () => {
    const typed = flowReducer(INITIAL_FLOW_STATE, { type: 'urlChanged', url: 'https://news.example/story' });
    const generating = flowReducer(typed, { type: 'generationStarted' });
    expect(generating.step).toBe('generate');
    const done = flowReducer(generating, { type: 'generationSucceeded', threadId: THREAD_ID, hasContent: true });
    expect(done).toMatchObject({ step: 'preview', threadId: THREAD_ID, hasContent: true, url: typed.url });
  });

  it('goes back to input on a failure, keeping the url and tone', () => {
    const state = flowReducer(
      { ...INITIAL_FLOW_STATE, step: 'generate', url: 'https://a.example/x', tone: 'casual' },
      {
        type: 'generationFailed',
      },
    );
    expect(state).toMatchObject({ step: 'input', url: 'https://a.example/x', tone: 'casual' });
  });

  it('counts busy failures up to 3 and resets the count on success', () => {
    let state: FlowState = { ...INITIAL_FLOW_STATE, step: 'generate' };
    for (let attempt = 0; attempt < 5; attempt += 1) state = flowReducer(state, { type: 'generationBusy' });
    expect(state).toMatchObject({ step: 'generate', retryCount: 3 });
    state = flowReducer(state, { type: 'generationSucceeded', threadId: THREAD_ID, hasContent: true });
    expect(state.retryCount).toBe(0);
  });

  it('Back to URL Input clears the thread id, platforms, channel, content flag and retry count', () => {
    const state = flowReducer(
      previewState({ selectedPlatforms: ['discord', 'bluesky'], discordChannelId: 'c-1', retryCount: 2 }),
      { type: 'backToInput' },
    );
    expect(state).toEqual({ ...INITIAL_FLOW_STATE, url: 'https://news.example/story', tone: 'educational' });
  });

  it('goes to share only from a preview with a thread id, and back', () => {
    expect(flowReducer(previewState(), { type: 'continueToShare' }).step).toBe('share');
    expect(flowReducer(previewState({ threadId: null }), { type: 'continueToShare' }).step).toBe('preview');
    expect(flowReducer(previewState({ step: 'share' }), { type: 'backToPreview' }).step).toBe('preview');
    expect(flowReducer(previewState({ step: 'share' }), { type: 'continueToPublish' }).step).toBe('publish');
    expect(flowReducer(previewState({ step: 'publish' }), { type: 'backToShare' }).step).toBe('share');
  });

  it('a regeneration that ends without a thread returns to the preview', () => {
    expect(flowReducer(previewState({ step: 'generate' }), { type: 'regenerationEnded' }).step).toBe('preview');
  });

  it('drops the Discord channel when Discord is unselected', () => {
    const state = flowReducer(previewState({ selectedPlatforms: ['discord'], discordChannelId: 'c-1' }), {
      type: 'platformsChanged',
      platforms: ['bluesky'],
    });
    expect(state).toMatchObject({ selectedPlatforms: ['bluesky'], discordChannelId: null });
  });
});

describe('stepStatus', () => {
  it('marks steps before the current one as done', () => {
    expect(CREATE_STEPS.map((step) => stepStatus(step, 'preview'))).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
  });

  it('marks the first four as done on publish', () => {
    expect(CREATE_STEPS.map((step) => stepStatus(step, 'publish'))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
    ]);
  });
});

describe('query string mirror', () => {
  it('round-trips every mirrored field', () => {
    const state = previewState({ step: 'share', selectedPlatforms: ['discord', 'reddit'], discordChannelId: '42' });
    const search = flowToSearch(state);
    expect(Object.fromEntries(search)).toEqual({
      step: 'share',
      url: 'https://news.example/story',
      tone: 'educational',
      threadId: THREAD_ID,
      selectedPlatforms: 'discord,reddit',
      discordChannelId: '42',
      hasContent: 'true',
    });
    expect(flowFromSearch(search)).toEqual(state);
  });

  it('writes nothing for an untouched flow', () => {
    expect(flowToSearch(INITIAL_FLOW_STATE).toString()).toBe('');
  });

  it('always writes the step once something was entered', () => {
    expect(Object.fromEntries(flowToSearch({ ...INITIAL_FLOW_STATE, url: 'https://a.example' }))).toEqual({
      step: 'input',
      url: 'https://a.example',
      tone: 'professional',
    });
  });

  it('never restores into a running generation or a thread step without a thread id', () => {
    expect(flowFromSearch(new URLSearchParams('step=generate&url=https://a.example&tone=casual'))).toMatchObject({
      step: 'input',
      url: 'https://a.example',
      tone: 'casual',
    });
    expect(flowFromSearch(new URLSearchParams('step=preview&hasContent=true')).step).toBe('input');
  });

  it('ignores unknown steps, tones and platforms', () => {
    const state = flowFromSearch(new URLSearchParams('step=launch&tone=angry&selectedPlatforms=myspace,bluesky'));
    expect(state).toMatchObject({ step: 'input', tone: 'professional', selectedPlatforms: ['bluesky'] });
  });
});

describe('pendingGenerationFrom', () => {
  it('reads the url and tone the sign-in redirect carries (no step)', () => {
    expect(pendingGenerationFrom(new URLSearchParams('url=https%3A%2F%2Fa.example%2Fx&tone=casual'))).toEqual({
      url: 'https://a.example/x',
      tone: 'casual',
    });
    expect(pendingGenerationFrom(new URLSearchParams('url=https%3A%2F%2Fa.example%2Fx'))?.tone).toBe('professional');
  });

  it('is not pending when the flow itself wrote the url (a step is present)', () => {
    expect(pendingGenerationFrom(flowToSearch({ ...INITIAL_FLOW_STATE, url: 'https://a.example' }))).toBeNull();
    expect(pendingGenerationFrom(new URLSearchParams())).toBeNull();
  });

  it('is not pending for a shared article (Share menu or bookmarklet): it only fills in the URL', () => {
    const share = new URLSearchParams({ url: 'https://a.example/x', text: 'Worth a read', title: 'X' });
    const bookmarklet = new URLSearchParams({ url: 'https://a.example/x', hint: '' });
    expect(pendingGenerationFrom(share)).toBeNull();
    expect(pendingGenerationFrom(bookmarklet)).toBeNull();
    expect(flowFromSearch(share)).toMatchObject({ step: 'input', url: 'https://a.example/x' });
    expect(flowFromSearch(bookmarklet)).toMatchObject({ step: 'input', url: 'https://a.example/x' });
  });

  it('is not pending for a share that sent a url alone: /share forwards it marked as a share', () => {
    const { search } = forwardShare(new URLSearchParams({ url: 'https://a.example/x' }));
    expect(Object.fromEntries(search)).toEqual({ url: 'https://a.example/x', shared: '1' });
    expect(pendingGenerationFrom(search)).toBeNull();
    expect(flowFromSearch(search)).toMatchObject({ step: 'input', url: 'https://a.example/x' });
    // Nothing that is a web address is shared: still only the (empty) field, never a generation.
    expect(pendingGenerationFrom(forwardShare(new URLSearchParams({ text: 'no link' })).search)).toBeNull();
  });

  it('forwards the shared words in the history state, never in /create’s address', () => {
    const shared = new URLSearchParams({ title: 'Heat', text: 'Read https://a.example/x now', tone: 'casual' });
    const { search, state } = forwardShare(shared);
    expect(Object.fromEntries(search)).toEqual({ url: 'https://a.example/x', shared: '1' });
    expect(sharedArticleAt(search, state)).toEqual({ url: 'https://a.example/x', hint: 'Read now' });
  });

  it('fills in the URL a share only wrote among words', () => {
    const share = new URLSearchParams({ text: 'Look https://news.example.com/heat via @ada', title: '' });
    expect(flowFromSearch(share).url).toBe('https://news.example.com/heat');
    expect(pendingGenerationFrom(share)).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CreateFlow, useCreateFlow } from '#web/features/create/hooks/use-create-flow';
import { LocationProbe, renderRoutes } from '../test-utils';

afterEach(cleanup);

const THREAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

// The flow the harness last rendered, for the test to read and drive.
const current: { flow?: CreateFlow } = {};

function Harness() {
  current.flow = useCreateFlow();
  return <LocationProbe />;
}

function renderFlow(initialEntry: string, navigationLagMs = 0) {
  current.flow = undefined;
  // A loader that holds each later navigation, as the app's lazy routes and transitions do.
  let loads = 0;
  const loader = () =>
    loads++ === 0 ? null : new Promise((resolve) => setTimeout(() => resolve(null), navigationLagMs));
  const route = { path: '/create', element: <Harness />, ...(navigationLagMs > 0 ? { loader } : {}) };
  const rendered = renderRoutes([route], { initialEntries: [initialEntry] });
  const flow = () => {
    if (!current.flow) throw new Error('not rendered');
    return current.flow;
  };
  const location = () => screen.getByTestId('location').textContent ?? '';
  return { ...rendered, flow, location };
}

describe('useCreateFlow', () => {
  it('leaves a fresh /create without a query string', () => {
    const { flow, location } = renderFlow('/create');
    expect(flow().state.step).toBe('input');
    expect(location()).toBe('/create');
  });

  it('mirrors every change into the query string', async () => {
    const { flow, location } = renderFlow('/create');
    act(() => flow().dispatch({ type: 'urlChanged', url: 'https://news.example/a' }));
    await waitFor(() =>
      expect(location()).toBe('/create?step=input&url=https%3A%2F%2Fnews.example%2Fa&tone=professional'),
    );
    act(() => flow().dispatch({ type: 'toneChanged', tone: 'humorous' }));
    act(() => flow().dispatch({ type: 'generationStarted' }));
    act(() => flow().dispatch({ type: 'generationSucceeded', threadId: THREAD_ID, hasContent: true }));
    await waitFor(() =>
      expect(location()).toBe(
        `/create?step=preview&url=https%3A%2F%2Fnews.example%2Fa&tone=humorous&threadId=${THREAD_ID}&hasContent=true`,
      ),
    );
  });

  it('restores the flow from the query string after a reload', () => {
    const { flow } = renderFlow(
      `/create?step=share&url=https%3A%2F%2Fnews.example%2Fa&tone=educational&threadId=${THREAD_ID}&selectedPlatforms=discord&discordChannelId=9&hasContent=true`,
    );
    expect(flow().state).toMatchObject({
      step: 'share',
      url: 'https://news.example/a',
      tone: 'educational',
      threadId: THREAD_ID,
      selectedPlatforms: ['discord'],
      discordChannelId: '9',
      hasContent: true,
    });
    expect(flow().pending).toBeNull();
  });

  it('keeps the pending url of the sign-in redirect in the address until it is taken', async () => {
    const { flow, location } = renderFlow('/create?url=https%3A%2F%2Fnews.example%2Fa&tone=casual');
    expect(flow().pending).toEqual({ url: 'https://news.example/a', tone: 'casual' });
    expect(flow().state).toMatchObject({ step: 'input', url: 'https://news.example/a', tone: 'casual' });
    expect(location()).toBe('/create?url=https%3A%2F%2Fnews.example%2Fa&tone=casual');

    act(() => {
      flow().clearPending();
      flow().dispatch({ type: 'generationStarted' });
    });
    await waitFor(() =>
      expect(location()).toBe('/create?step=generate&url=https%3A%2F%2Fnews.example%2Fa&tone=casual'),
    );
    expect(flow().pending).toBeNull();
  });

  it('keeps each step when the next change comes before the address caught up', async () => {
    const { flow, location } = renderFlow(`/create?step=preview&url=https%3A%2F%2Fa.example&threadId=${THREAD_ID}`, 50);
    await waitFor(() => expect(location()).toContain('step=preview'));
    // Save & Continue: the saved content, then the step, in two renders the router has not followed yet.
    act(() => flow().dispatch({ type: 'contentChanged', hasContent: true }));
    act(() => flow().dispatch({ type: 'continueToShare' }));
    await waitFor(() =>
      expect(location()).toBe(
        `/create?step=share&url=https%3A%2F%2Fa.example&tone=professional&threadId=${THREAD_ID}&hasContent=true`,
      ),
    );
    expect(flow().state).toMatchObject({ step: 'share', threadId: THREAD_ID, hasContent: true });
  });

  it('starts over when the query string is changed from outside', async () => {
    const { flow, location, router } = renderFlow(
      `/create?step=preview&url=https%3A%2F%2Fa.example&threadId=${THREAD_ID}`,
    );
    expect(flow().state.step).toBe('preview');
    await act(() => router.navigate('/create'));
    await waitFor(() => expect(flow().state).toMatchObject({ step: 'input', url: '', threadId: null }));
    expect(location()).toBe('/create');
  });
});

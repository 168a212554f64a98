// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionView } from '#shared/schemas/publishing';
import { seededThread } from '#tests/helpers/seed-threads';
import { renderRoutes, signedInAuth } from '../test-utils';
import { connectedAccount, ShareStepHarness, stubShareStepApi } from './share-step-harness';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('user-1', 1);

/** A second X account beside connectedAccount('twitter'). */
const secondX: ConnectionView = { ...connectedAccount('twitter'), accountId: '2002', name: 'Harbour desk' };
const firstX: ConnectionView = { ...connectedAccount('twitter'), accountId: '1001', name: 'Dana Curator' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function chooseX() {
  renderRoutes([{ path: '/create', element: <ShareStepHarness thread={THREAD} /> }], {
    auth: signedInAuth(),
    initialEntries: ['/create?step=share'],
  });
  await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter\/X/ }));
}

const continueButton = () => screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;

describe('the share step’s account chooser', () => {
  it('asks nothing for a platform with one account, and names no account in the publish', async () => {
    const { publishRequests } = stubShareStepApi(THREAD.id, [firstX]);
    await chooseX();

    expect(screen.queryByRole('group', { name: 'Choose the Twitter/X account' })).toBeNull();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());

    await waitFor(() => expect(publishRequests).toHaveLength(1));
    expect(publishRequests[0]).not.toHaveProperty('accounts');
  });

  it('with two accounts, holds Continue back until one is chosen, then posts to the one chosen', async () => {
    const { publishRequests } = stubShareStepApi(THREAD.id, [firstX, secondX]);
    await chooseX();

    const chooser = await screen.findByRole('group', { name: 'Choose the Twitter/X account' });
    expect(chooser.textContent).toContain(
      'This workspace has several Twitter/X accounts. Choose which one to post to.',
    );
    expect(continueButton().disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Harbour desk' }));
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());

    await waitFor(() => expect(publishRequests).toHaveLength(1));
    expect(publishRequests[0]).toMatchObject({ platforms: ['twitter'], accounts: { twitter: ['2002'] } });
  });

  it('posts to both accounts when both are chosen', async () => {
    const { publishRequests } = stubShareStepApi(THREAD.id, [firstX, secondX]);
    await chooseX();

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Dana Curator' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Harbour desk' }));
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());

    await waitFor(() => expect(publishRequests).toHaveLength(1));
    expect(publishRequests[0]).toMatchObject({ accounts: { twitter: ['1001', '2002'] } });
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededThread } from '#tests/helpers/seed-threads';
import { renderRoutes, signedInAuth } from '../test-utils';
import { connectedAccount, ShareStepHarness, stubShareStepApi } from './share-step-harness';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('user-1', 1, { authorHandles: { bluesky: '@carol.example.com', profiles: [] } });
const AUTHOR_POST = {
  id: 'at://did:plc:carolauthor/app.bsky.feed.post/3kpost1',
  cid: 'bafyreipost1',
  url: 'https://bsky.app/profile/carol.example.com/post/3kpost1',
  excerpt: 'I wrote about the harbour at dawn',
  createdAt: '2026-11-20T09:00:00.000Z',
  authorHandle: '@carol.example.com',
};
let publishRequests: unknown[];
let authorPostQueries: string[];

beforeEach(() => {
  authorPostQueries = [];
  ({ publishRequests } = stubShareStepApi(THREAD.id, [connectedAccount('bluesky')], (url) => {
    if (!url.startsWith(`/api/threads/${THREAD.id}/author-posts?`)) return undefined;
    authorPostQueries.push(new URL(url, 'http://localhost').searchParams.get('platforms') ?? '');
    return Response.json({ posts: [{ platform: 'bluesky', post: AUTHOR_POST }] });
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function chooseBluesky() {
  renderRoutes([{ path: '/create', element: <ShareStepHarness thread={THREAD} /> }], {
    auth: signedInAuth(),
    initialEntries: ['/create?step=share'],
  });
  await userEvent.click(await screen.findByRole('checkbox', { name: /Bluesky/ }));
  return screen.findByRole('checkbox', { name: "Quote the author's post in the credit" });
}

async function publish() {
  const continueButton = screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;
  await waitFor(() => expect(continueButton.disabled).toBe(false));
  await userEvent.click(continueButton);
  await waitFor(() => expect(publishRequests).toHaveLength(1));
}

describe("the share step quoting the author's own post", () => {
  it("shows the author's post it found and sends it to quote", async () => {
    const toggle = (await chooseBluesky()) as HTMLInputElement;

    expect(toggle.checked).toBe(true);
    expect(screen.getByRole('link', { name: "Quoting @carol.example.com's post from Nov 20, 2026" })).toBeTruthy();
    expect(authorPostQueries).toEqual(['bluesky']);
    await publish();
    expect(publishRequests).toEqual([
      { platforms: ['bluesky'], origin: 'create', quotes: { bluesky: AUTHOR_POST.id } },
    ]);
  });

  it('credits without the quote when the curator turns it off', async () => {
    await userEvent.click(await chooseBluesky());

    expect(screen.queryByRole('link', { name: /Quoting/ })).toBeNull();
    await publish();
    expect(publishRequests).toEqual([{ platforms: ['bluesky'], origin: 'create' }]);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxPage } from '#web/app/routes/inbox-page';
import { flowFromSearch, pendingGenerationFrom } from '#web/features/create/lib/flow-state';
import { LocationProbe, renderRoutes, signedInAuth } from '../test-utils';
import { feedsApi, testFeed, testItem } from './feeds-api';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let api: ReturnType<typeof feedsApi>;

beforeEach(() => {
  api = feedsApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderInbox() {
  return renderRoutes(
    [
      { path: '/inbox', element: <InboxPage /> },
      { path: '/create', element: <LocationProbe /> },
    ],
    { auth: signedInAuth(), initialEntries: ['/inbox'] },
  );
}

const feedRow = async (title: string) =>
  within(await screen.findByRole('list', { name: 'Your feeds' })).getByRole('listitem', { name: title });

describe('the feed list', () => {
  it("shows each feed's state: OK, or Failing with the reason", async () => {
    api.state.feeds.push(
      testFeed(),
      testFeed({
        id: 'feed-2',
        title: 'Broken Feed',
        state: 'failing',
        consecutiveFailures: 5,
        failureReason: 'news.example answered with an error (HTTP 503).',
      }),
    );
    renderInbox();

    const ok = await feedRow('Harbour News');
    expect(ok.textContent).toContain('OK');
    expect(ok.textContent).toContain('https://news.example/feed.xml');
    const failing = await feedRow('Broken Feed');
    expect(failing.textContent).toContain('Failing');
    expect(failing.textContent).toContain('news.example answered with an error (HTTP 503).');
    expect(screen.getByRole('heading', { name: 'Feeds (2/50)' })).toBeTruthy();
  });

  it("says Checking after 'Check now' until the check has landed", async () => {
    api.state.feeds.push(testFeed());
    renderInbox();
    const row = await feedRow('Harbour News');

    await userEvent.click(within(row).getByRole('button', { name: 'Check now' }));

    expect(await within(row).findByText('Checking…')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Check now' })).toHaveProperty('disabled', true);
    expect(api.state.sent).toContainEqual({ method: 'POST', url: '/api/feeds/feed-1/check' });
    // The lists are read again a few seconds later, with the check's new time.
    await waitFor(() => expect(within(row).queryByText('Checking…')).toBeNull(), { timeout: 6000 });
    expect(row.textContent).toContain('OK');
  }, 10_000);

  it('shows why a feed was refused (no feed there, already followed) and keeps the address', async () => {
    api.state.addFeed = (url) =>
      url.includes('not-a-feed')
        ? api.refuse(422, 'No feed found at this address', 'no_feed_found')
        : api.refuse(409, 'You already follow this feed.', 'feed_already_added');
    renderInbox();
    const address = await screen.findByLabelText('Feed or site address');

    await userEvent.type(address, 'https://news.example/not-a-feed');
    await userEvent.click(screen.getByRole('button', { name: 'Add Feed' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No feed found at this address');

    await userEvent.clear(address);
    await userEvent.type(address, 'https://news.example/feed.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Add Feed' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You already follow this feed.'));
    expect((address as HTMLInputElement).value).toBe('https://news.example/feed.xml');
  });
});

describe('an inbox item', () => {
  it('Make Thread opens /create as a share does: the URL filled in, nothing generated yet', async () => {
    api.state.items.push(testItem());
    renderInbox();
    const item = await screen.findByRole('listitem', { name: 'The quay reopens' });

    expect(within(item).getByRole('link', { name: 'Open original' }).getAttribute('href')).toBe(
      'https://news.example/articles/quay',
    );
    await userEvent.click(within(item).getByRole('link', { name: 'Make Thread' }));

    const location = (await screen.findByTestId('location')).textContent ?? '';
    const search = new URLSearchParams(location.slice(location.indexOf('?')));
    expect(location.startsWith('/create?')).toBe(true);
    expect(flowFromSearch(search)).toMatchObject({ step: 'input', url: 'https://news.example/articles/quay' });
    expect(pendingGenerationFrom(search)).toBeNull();
  });

  it('Dismiss takes it out of the inbox', async () => {
    api.state.items.push(testItem(), testItem({ id: 'feed-1.entry-2', title: 'Ferry times change' }));
    renderInbox();
    const item = await screen.findByRole('listitem', { name: 'Ferry times change' });

    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ferry times change' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'The quay reopens' })).toBeTruthy();
    expect(api.state.sent).toContainEqual({ method: 'POST', url: '/api/inbox/feed-1.entry-2/dismiss' });
  });

  it('says what Auto-draft did with it: waiting, drafted, skipped or failed, and why', async () => {
    api.state.items.push(
      testItem({ id: 'f.a', title: 'Waiting', autoDraft: { status: 'pending' } }),
      testItem({ id: 'f.b', title: 'Drafted', autoDraft: { status: 'drafted', jobId: 'j', threadId: 't' } }),
      testItem({
        id: 'f.c',
        title: 'Skipped',
        autoDraft: { status: 'skipped', reason: 'Not drafted: no credits left.' },
      }),
      testItem({
        id: 'f.d',
        title: 'Failed',
        autoDraft: { status: 'failed', jobId: 'j2', reason: 'The draft failed: the page could not be read.' },
      }),
    );
    renderInbox();

    expect((await screen.findByRole('listitem', { name: 'Waiting' })).textContent).toContain('Auto-drafting…');
    expect(screen.getByRole('listitem', { name: 'Drafted' }).textContent).toContain('Auto-drafted');
    expect(screen.getByRole('listitem', { name: 'Skipped' }).textContent).toContain('Not drafted: no credits left.');
    expect(screen.getByRole('listitem', { name: 'Failed' }).textContent).toContain(
      'The draft failed: the page could not be read.',
    );
  });

  it('says so when there are no articles yet', async () => {
    renderInbox();
    expect(await screen.findByText('No articles yet. Add a feed to see its newest articles here.')).toBeTruthy();
  });
});

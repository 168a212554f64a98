// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadSummary } from '#shared/schemas/thread';
import { articleRights } from '#tests/helpers/article-rights';
import { HistoryPage } from '#web/app/routes/history-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

/** A card as GET /api/threads answers it: thread 1 posted, thread 2 sensitive, short-quote and Auto-draft. */
function thread(index: number): ThreadSummary {
  return {
    id: `thread-${index}`,
    title: `Thread number ${index}`,
    sourceUrl: 'https://www.example.com/story',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    tone: 'professional',
    themes: ['cities', 'heat', 'trees'],
    isSensitiveContent: index === 2,
    posted: index === 1,
    postCount: index === 1 ? 1 : 7,
    preview: `${'x'.repeat(120)}...`,
    nextScheduled: null,
    ...(index === 2 ? { autoDraft: true, rights: articleRights({ reservation: true }) } : {}),
  };
}

const fetchMock = vi.fn<typeof fetch>();
let threads: ThreadSummary[];
let refuseDelete: boolean;

beforeEach(() => {
  threads = [thread(2), thread(1)];
  refuseDelete = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if ((init?.method ?? 'GET') === 'DELETE') {
      if (refuseDelete) return Response.json({ error: 'The table is unavailable' }, { status: 409 });
      threads = threads.filter((t) => !url.endsWith(`/${t.id}`));
      return new Response(null, { status: 204 });
    }
    if (url === '/api/threads/newest') return Response.json({ threadId: threads[0]?.id ?? null });
    if (url.startsWith('/api/threads?')) return Response.json({ threads, nextCursor: null });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHistory() {
  return renderRoutes([{ path: '/history', element: <HistoryPage /> }], {
    auth: signedInAuth(),
    initialEntries: ['/history'],
  });
}

function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

describe('My Threads', () => {
  it('shows each card with its badges, preview, post count, tone and +N themes', async () => {
    renderHistory();
    await screen.findByRole('heading', { name: 'Thread number 2' });
    const first = card('Thread number 2');
    const second = card('Thread number 1');
    expect(within(first).getByText('Sensitive')).toBeTruthy();
    expect(within(first).getByText('Auto-draft')).toBeTruthy();
    expect(within(first).getByTestId('short-quote-badge').textContent).toContain('(tdm-reservation: 1)');
    expect(within(first).queryByText('Posted')).toBeNull();
    expect(within(second).getByText('Posted')).toBeTruthy();
    expect(within(second).queryByText('Sensitive')).toBeNull();
    expect(within(second).queryByTestId('short-quote-badge')).toBeNull();
    expect(within(first).getByText(`${'x'.repeat(120)}...`)).toBeTruthy();
    expect(within(first).getByText('7 posts')).toBeTruthy();
    expect(within(second).getByText('1 post')).toBeTruthy();
    expect(within(first).getByText('example.com')).toBeTruthy();
    expect(within(first).getByText('Professional & Formal')).toBeTruthy();
    expect(within(first).getByText('+1')).toBeTruthy();
  });

  it('removes a deleted thread at once and confirms it', async () => {
    renderHistory();
    await screen.findByRole('heading', { name: 'Thread number 2' });
    await userEvent.click(within(card('Thread number 2')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this thread?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The thread has been permanently deleted.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Thread number 2' })).toBeNull();
  });

  it('brings the thread back with the spec error toast when the server refuses the delete', async () => {
    refuseDelete = true;
    renderHistory();
    await screen.findByRole('heading', { name: 'Thread number 2' });
    await userEvent.click(within(card('Thread number 2')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this thread?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete thread: The table is unavailable')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thread number 2' })).toBeTruthy());
  });

  it('shows the empty state with a way to generate the first thread', async () => {
    threads = [];
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'No threads yet' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Generate New Thread' }).length).toBeGreaterThan(0);
  });

  it("sorts by engagement, most first, and shows a card's total engagement when there is one", async () => {
    const user = userEvent.setup();
    threads = [{ ...thread(2), engagement: 1204 }, thread(1)];
    renderHistory();
    await screen.findByText('Thread number 2');
    await user.click(screen.getByRole('button', { name: 'Filter & Sort' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Engagement');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/threads?sort=engagement&order=desc'),
    );
    expect((screen.getByLabelText('Order') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Most first');
    const [first, second] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('thread-card'));
    expect(first!.textContent).toContain('1,204 engagements');
    expect(second!.textContent).not.toContain('engagement');
  });
});

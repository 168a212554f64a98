// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminWorkspace,
  adminWorkspacesPageSchema,
  type AdminWorkspacesPage as WorkspacesPage,
} from '#shared/schemas/admin';
import { AdminWorkspacesPage } from '#web/features/admin/routes/admin-workspaces-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const AGENCY: AdminWorkspace = {
  id: 'ws_agency',
  name: 'Agency',
  createdAt: '2026-02-03T09:00:00.000Z',
  createdByEmail: 'ana@agency.example',
  members: [
    { email: 'ana@agency.example', role: 'owner' },
    { email: 'ben@agency.example', role: 'editor' },
  ],
  memberCount: 2,
  balance: { freeCredits: 0, paidCredits: 49, usedCredits: 1 },
  threadCount: 3,
  lastThreadAt: '2026-02-04T15:30:00.000Z',
};

const NEWSROOM: AdminWorkspace = {
  id: 'ws_newsroom',
  name: 'Newsroom',
  createdAt: '2026-02-02T09:00:00.000Z',
  createdByEmail: null,
  members: Array.from({ length: 50 }, (_, index) => ({ email: `reader${index}@news.example`, role: 'reviewer' })),
  memberCount: 57,
  balance: { freeCredits: 0, paidCredits: 0, usedCredits: 0 },
  threadCount: 0,
  lastThreadAt: null,
};

/** Serves the pages by cursor: the first without one, each next under the cursor the one before named. */
function renderWorkspaces(pages: Record<string, WorkspacesPage>) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url.pathname === '/api/admin/workspaces') {
        const cursor = url.searchParams.get('cursor') ?? '';
        requested.push(cursor);
        const page = pages[cursor];
        return page ? Response.json(adminWorkspacesPageSchema.parse(page)) : new Response(null, { status: 404 });
      }
      return new Response(null, { status: 404 });
    }),
  );
  renderRoutes([{ path: '/admin/workspaces', element: <AdminWorkspacesPage /> }], {
    auth: signedInAuth(),
    initialEntries: ['/admin/workspaces'],
  });
  return requested;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin Workspaces page', () => {
  it('shows each workspace with its owner, members and their roles, balance, threads and last activity', async () => {
    renderWorkspaces({ '': { workspaces: [AGENCY], nextCursor: null } });

    const row = within(await rowOf('Agency'));
    expect(row.getByText('ana@agency.example', { selector: 'td' })).toBeTruthy();
    expect(row.getByText('2 members')).toBeTruthy();
    const members = row.getByRole('list', { name: 'Members of Agency', hidden: true });
    expect(
      within(members)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['ana@agency.example Owner', 'ben@agency.example Editor']);
    expect(row.getByText('49 paid · 0 free · 1 used')).toBeTruthy();
    expect(row.getByRole('cell', { name: '3' })).toBeTruthy();
    expect(row.getByText('Feb 4, 2026, 3:30 PM')).toBeTruthy();
    expect(row.getByText('Feb 3, 2026')).toBeTruthy();
    expect(screen.getByText('1 team workspace')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Workspaces' })).toBeNull();
  });

  it('says when the creator left, when there are no threads, and how many of a large team are listed', async () => {
    renderWorkspaces({ '': { workspaces: [NEWSROOM], nextCursor: null } });

    const row = within(await rowOf('Newsroom'));
    expect(row.getByText('Creator left')).toBeTruthy();
    expect(row.getByText('No threads yet')).toBeTruthy();
    expect(row.getByText('57 members (first 50 listed)')).toBeTruthy();
  });

  it('loads the next page under the first with Load More, then offers no more', async () => {
    const requested = renderWorkspaces({
      '': { workspaces: [AGENCY], nextCursor: 'page-2' },
      'page-2': { workspaces: [NEWSROOM], nextCursor: null },
    });

    await rowOf('Agency');
    expect(screen.queryByRole('cell', { name: 'Newsroom' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Workspaces' }));

    await rowOf('Newsroom');
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(['Agency', 'Newsroom']);
    expect(requested).toEqual(['', 'page-2']);
    expect(screen.getByText('2 team workspaces')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Workspaces' })).toBeNull();
  });
});

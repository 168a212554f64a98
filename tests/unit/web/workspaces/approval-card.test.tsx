// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActivityEntry, type WorkspaceSettingsView, workspaceSettingsSchema } from '#shared/schemas/review';
import type { WorkspaceRole } from '#shared/workspaces/roles';
import { ActivityCard, ApprovalCard } from '#web/features/workspaces/components/approval-card';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const TEAM = 'ws_team';
let settings: WorkspaceSettingsView;
let activity: ActivityEntry[];
let saved: unknown[];

function entry(n: number): ActivityEntry {
  return {
    activityId: `a${n}`,
    kind: 'comment_added',
    at: new Date(Date.UTC(2026, 10, 28, 12, 0) - n * 60_000).toISOString(),
    actorId: 'rita',
    actorEmail: 'rita@example.com',
    threadId: 't1',
    threadTitle: 'The harbour at dawn',
    detail: `Comment ${n}`,
  };
}

/** The settings and activity routes in memory; the activity in pages of 2, by an opaque cursor. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const base = `/api/workspaces/${TEAM}`;
  if (url.pathname === `${base}/settings` && init?.method === 'PUT') {
    const parsed = workspaceSettingsSchema.safeParse(JSON.parse(String(init.body)));
    if (!parsed.success) return Response.json({ error: 'Choose a platform', code: 'invalid_request' }, { status: 400 });
    saved.push(parsed.data);
    settings = parsed.data;
    return Response.json(settings);
  }
  if (url.pathname === `${base}/settings`) return Response.json(settings);
  if (url.pathname === `${base}/activity`) {
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const next = from + 2 < activity.length ? String(from + 2) : null;
    return Response.json({ entries: activity.slice(from, from + 2), nextCursor: next });
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  settings = { approval: 'off', approvalPlatforms: [], graceHours: 24 };
  activity = [entry(1), entry(2), entry(3)];
  saved = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCards = (role: WorkspaceRole) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <ApprovalCard workspaceId={TEAM} role={role} />
            <ActivityCard workspaceId={TEAM} />
          </>
        ),
      },
    ],
    { auth: signedInAuth() },
  );

describe('the workspace approval settings and activity', () => {
  it('lets an admin require approval on chosen platforms with a grace window', async () => {
    renderCards('admin');
    await userEvent.selectOptions(
      await screen.findByLabelText('Threads need approval before publishing'),
      'On these platforms',
    );
    await userEvent.click(screen.getByLabelText('Telegram'));
    const grace = screen.getByLabelText('Grace window (hours)');
    await userEvent.clear(grace);
    await userEvent.type(grace, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save approval settings' }));
    await waitFor(() =>
      expect(saved).toEqual([{ approval: 'platforms', approvalPlatforms: ['telegram'], graceHours: 6 }]),
    );
  });

  it('shows a reviewer the settings without letting them change them', async () => {
    settings = { approval: 'all', approvalPlatforms: [], graceHours: 24 };
    renderCards('reviewer');
    const mode = (await screen.findByLabelText('Threads need approval before publishing')) as HTMLSelectElement;
    expect(mode.value).toBe('all');
    // The settings' fieldset is disabled for a role without `members`.
    expect(mode.matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save approval settings' })).toBeNull();
    expect(screen.getByText('Only owners and admins change these settings.')).toBeTruthy();
  });

  it('lists the activity newest first and loads older entries on demand', async () => {
    renderCards('editor');
    expect(await screen.findByText('Comment 1')).toBeTruthy();
    expect(screen.getByText('Comment 2')).toBeTruthy();
    expect(screen.queryByText('Comment 3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Comment 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
